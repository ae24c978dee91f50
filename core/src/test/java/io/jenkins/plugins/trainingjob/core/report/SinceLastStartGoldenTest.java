package io.jenkins.plugins.trainingjob.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The documented example of "Since it last started" ({@link SinceLastStartExample}) in every format equals
 * its golden file ({@code since-last-start.<ext>}), and {@code docs/diagnosis-reports.md} shows the text
 * form exactly as the code renders it. Regenerate both after an intended change with
 * {@code ./mvnw -B -o -pl core test -Dtest=SinceLastStartGoldenTest -Dgolden.update=true
 * -Dsurefire.failIfNoSpecifiedTests=false}, then review the diff.
 */
class SinceLastStartGoldenTest {

    private static final Path DOCS = Path.of("../docs/diagnosis-reports.md");
    private static final Pattern EXAMPLE =
            Pattern.compile("(<!-- since-last-start example[^>]*-->\\n```text\\n)(.*?)(```\\n)", Pattern.DOTALL);

    @ParameterizedTest
    @EnumSource(ReportFormat.class)
    void theExampleRendersExactlyAsItsGoldenFile(ReportFormat format) throws IOException {
        ReportGoldenTest.assertMatchesGolden(
                "since-last-start." + format.extension(), format.render(SinceLastStartExample.report()));
    }

    @Test
    void theDiagnosisReportsPageShowsTheExampleAsTheCodeRendersIt() throws IOException {
        String docs = Files.readString(DOCS, StandardCharsets.UTF_8);
        Matcher m = EXAMPLE.matcher(docs);
        assertThat(m.find())
                .as("docs/diagnosis-reports.md has a ```text block after <!-- since-last-start example -->")
                .isTrue();
        String rendered = ReportFormat.TEXT.render(SinceLastStartExample.report());
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(
                    DOCS, docs.substring(0, m.start(2)) + rendered + docs.substring(m.end(2)), StandardCharsets.UTF_8);
            return;
        }
        assertThat(m.group(2)).isEqualTo(rendered);
    }
}
