package io.jenkins.plugins.trainingjob.cli.output;

import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.core.spec.OutputRules;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code --outputs-file}: a job's outcome and declared outputs as {@code NAME=value} lines, appended,
 * because {@code $GITHUB_OUTPUT} already holds other steps' outputs; a GitLab dotenv report reads the same
 * lines. Every name carries a prefix ({@value #DEFAULT_PREFIX} unless {@code --outputs-prefix} says
 * otherwise), and the file always carries {@code <prefix>STATUS=<final phase>}; the values of a job that did
 * not succeed are left out ({@code JobOutputs.gateValues}).
 *
 * <p>The file feeds later CI steps, and a GitLab dotenv variable outranks the job's own variables: a name a
 * later step's shell, loader or runner reads ({@code PATH}, {@code LD_PRELOAD}, {@code BASH_ENV},
 * {@code GITHUB_*}, ...) is refused, so an output can never become one (security review 2, N1). A value is
 * one log line's text with control characters removed, so it never holds a line break; one that did would
 * forge a second output, so the writer refuses it rather than escape it in a way one of the two readers
 * would not undo.
 */
public final class OutputsFile {

    /** The prefix every name in the file carries unless {@code --outputs-prefix} gives another (or none). */
    public static final String DEFAULT_PREFIX = "TRAINJOB_OUT_";

    private static final Pattern PREFIX = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)?");
    /** Names a shell, a dynamic loader, a language runtime or a CI runner reads from the environment. */
    private static final List<String> RESERVED = List.of(
            "PATH",
            "BASH_ENV",
            "ENV",
            "IFS",
            "PS4",
            "PROMPT_COMMAND",
            "SHELL",
            "HOME",
            "NODE_OPTIONS",
            "JAVA_TOOL_OPTIONS",
            "_JAVA_OPTIONS",
            "PYTHONPATH",
            "PYTHONSTARTUP",
            "PERL5OPT",
            "RUBYOPT");

    private static final List<String> RESERVED_PREFIXES =
            List.of("LD_", "DYLD_", "GITHUB_", "RUNNER_", "CI_", "GITLAB_", "GIT_", "TRAINJOB");

    private OutputsFile() {}

    /**
     * Why {@code prefix} cannot prefix the names of an outputs file that will hold {@code rules}' outputs
     * and STATUS, naming the output and the rule; empty when it can.
     */
    public static Optional<String> refusal(String prefix, OutputRules rules) {
        if (!PREFIX.matcher(prefix).matches()) {
            return Optional.of("--outputs-prefix: '" + prefix + "' must be empty or a letter or '_' followed by"
                    + " letters, digits or '_'");
        }
        if (reserved(prefix + OutputRules.STATUS)) {
            return Optional.of("--outputs-prefix: '" + prefix + "' would write STATUS as " + prefix + OutputRules.STATUS
                    + ", " + RULE);
        }
        for (int i = 0; i < rules.rules().size(); i++) {
            String name = rules.rules().get(i).name();
            if (reserved(prefix + name)) {
                return Optional.of("outputs[" + i + "].name: " + name + " would be written to the outputs file as "
                        + prefix + name + ", " + RULE + "; rename the output or keep the prefix " + DEFAULT_PREFIX);
            }
        }
        return Optional.empty();
    }

    private static final String RULE = "a name a later step's shell, loader or CI runner reads (PATH, LD_*, BASH_ENV,"
            + " NODE_OPTIONS, GITHUB_*, RUNNER_*, CI_*, TRAINJOB*, ...), which an output must never set";

    /** Whether the file may not carry {@code name}: our own prefix's names may, everything else is checked. */
    static boolean reserved(String name) {
        if (name.startsWith(DEFAULT_PREFIX)) {
            return false;
        }
        String upper = name.toUpperCase(Locale.ROOT);
        return RESERVED.contains(upper) || RESERVED_PREFIXES.stream().anyMatch(upper::startsWith);
    }

    /** The lines written for {@code values} (STATUS first, then the outputs in name order). */
    static String lines(Map<String, String> values, String prefix) {
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, String> e : values.entrySet()) {
            String name = prefix + e.getKey();
            if (reserved(name)) {
                throw new IllegalStateException("output " + name + " is a reserved name: refused before the wait");
            }
            if (e.getValue().indexOf('\n') >= 0 || e.getValue().indexOf('\r') >= 0) {
                throw new IllegalStateException("output " + e.getKey() + " holds a line break after stripping");
            }
            b.append(name).append('=').append(e.getValue()).append('\n');
        }
        return b.toString();
    }

    static void append(Path file, Map<String, String> values, String prefix) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(
                    file,
                    lines(values, prefix),
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND,
                    StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw CliException.invalidInput("cannot write " + file + ": " + ReportFiles.reason(e));
        }
    }
}
