package io.jenkins.plugins.trainingjob.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class AttemptTest {

    @Test
    void aLineNamesTheTargetTheJobTheVerdictAndWhatFollowed() {
        Attempt a = new Attempt(
                2,
                "queue=spot",
                "t-a2",
                "job-7",
                Verdict.FITS_LATER,
                "unschedulable",
                Duration.ofMinutes(10),
                "pending timeout 10m passed; moved on");

        assertThat(a.line())
                .isEqualTo("attempt 2 (queue=spot): job job-7, pre-flight FITS_LATER, unschedulable; "
                        + "pending timeout 10m passed; moved on");
    }

    @Test
    void anAttemptThatCreatedNothingSaysSo() {
        Attempt a = new Attempt(1, "primary", "t", null, Verdict.NEVER_FITS, "skipped", null, "");

        assertThat(a.line()).isEqualTo("attempt 1 (primary): no job, pre-flight NEVER_FITS, skipped");
        assertThat(a.waited()).isZero();
    }

    @Test
    void remoteTextCannotDriveTheConsole() {
        Attempt a = new Attempt(1, "primary", "t", "job\u001b[31m", null, "completed", Duration.ZERO, "");

        assertThat(a.line()).doesNotContain("\u001b");
    }

    @Test
    void numbersStartAtOne() {
        assertThatThrownBy(() -> new Attempt(0, "primary", "t", "", null, "", Duration.ZERO, ""))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
