package io.jenkins.plugins.trainingjob.cli.output;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.cli.CliException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A report file given as a path without a file name (a root) is bad input named in one line, not a
 * NullPointerException (SpotBugs NP_NULL_ON_SOME_PATH_FROM_RETURN_VALUE on Path.getFileName()).
 */
class ReportFileRootTest {

    @Test
    void aRootPathHasNoReportExtension() {
        assertThatThrownBy(() -> ReportFiles.formatFor(Path.of("/")))
                .isInstanceOf(CliException.class)
                .hasMessageContaining("unknown report extension");
    }
}
