package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Scripts branch on exit codes, so every table of them says the same (review newcomer-release-3 D1: the
 * README's table listed 0-5 and called a pending job 3 long after it became 6): the README's is the one
 * {@code trainjob --help} prints, row for row, and docs/cli.md's longer table lists the same codes.
 */
class ExitCodeTablesTest {

    private static final Pattern ROW = Pattern.compile("(?m)^\\| (\\d+)(?: / \\d+)? \\| (.*) \\|$");

    @TempDir
    java.nio.file.Path dir;

    /** The "Exit codes" footer of {@code trainjob --help}: code to meaning, continuation lines joined. */
    Map<String, String> helpTable() {
        CliHarness.Result help = new CliHarness(dir).run("--help");
        String footer = help.out().substring(help.out().indexOf("Exit codes:"));
        footer = footer.substring(0, footer.indexOf("With -o json"));
        Map<String, String> table = new LinkedHashMap<>();
        String code = null;
        for (String line : footer.lines().skip(1).toList()) {
            Matcher row = Pattern.compile("^  (\\d+)\\s+(.*)$").matcher(line);
            if (row.matches()) {
                code = row.group(1);
                table.put(code, row.group(2).strip());
            } else if (code != null && line.startsWith("       ")) {
                table.merge(code, line.strip(), (a, b) -> a + " " + b);
            }
        }
        return table;
    }

    static Map<String, String> markdownTable(String doc) throws IOException {
        String text = Files.readString(DocsExamplesTest.ROOT.resolve(doc));
        String section = text.substring(text.indexOf("## Exit codes"));
        section = section.substring(0, section.indexOf("\n## ", 3));
        Map<String, String> table = new LinkedHashMap<>();
        Matcher m = ROW.matcher(section);
        while (m.find()) {
            table.put(m.group(1), m.group(2).replace("`", ""));
        }
        return table;
    }

    @Test
    void theReadmesTableIsTheOneTheHelpPrints() throws IOException {
        Map<String, String> help = helpTable();
        assertThat(help).containsKeys("0", "6", "9", "130");

        assertThat(markdownTable("README.md")).containsExactlyEntriesOf(help);
    }

    @Test
    void theCliReferenceListsTheSameCodes() throws IOException {
        assertThat(markdownTable("docs/cli.md").keySet())
                .containsExactlyElementsOf(helpTable().keySet());
    }
}
