package io.jenkins.plugins.trainingjob.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The documented AIHC example rendered in every format must equal its golden file byte for byte
 * ({@code documented-example.<ext>} next to this class in the test resources).
 *
 * <p>To regenerate after an intended change, run from the repository root
 * {@code ./mvnw -B verify -pl core -Dtest=ReportGoldenTest -Dgolden.update=true
 * -Dsurefire.failIfNoSpecifiedTests=false}, then review the diff of the golden files before committing.
 */
class ReportGoldenTest {

    private static final Path GOLDEN_DIR = Path.of("src/test/resources/io/jenkins/plugins/trainingjob/core/report");

    @ParameterizedTest
    @EnumSource(ReportFormat.class)
    void theDocumentedExampleRendersExactlyAsItsGoldenFile(ReportFormat format) throws IOException {
        assertMatchesGolden("documented-example." + format.extension(), format.render(DocumentedExample.report()));
    }

    /** {@code rendered} equals the golden {@code file}; with {@code -Dgolden.update=true} it becomes the file. */
    static void assertMatchesGolden(String file, String rendered) throws IOException {
        if (Boolean.getBoolean("golden.update")) {
            // The classpath still holds the old copy until the next build: nothing to compare against yet.
            Files.writeString(GOLDEN_DIR.resolve(file), rendered, StandardCharsets.UTF_8);
            return;
        }
        assertThat(rendered).isEqualTo(golden(file));
    }

    static String golden(String file) throws IOException {
        try (InputStream in = ReportGoldenTest.class.getResourceAsStream(file)) {
            assertThat(in)
                    .as("golden file %s (regenerate with -Dgolden.update=true)", file)
                    .isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
