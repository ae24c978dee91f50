package io.jenkins.plugins.trainingjob.core.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreJobName;
import org.junit.jupiter.api.Test;

class JobNamesTest {

    @Test
    void theFirstAttemptKeepsTheSpecsNameAndLaterOnesCarryTheirAttempt() {
        assertThat(JobNames.forAttempt("release-4700-lr3e-4", 1)).isEqualTo("release-4700-lr3e-4");
        assertThat(JobNames.forAttempt(" release-4700-lr3e-4 ", 3)).isEqualTo("release-4700-lr3e-4-a3");
        assertThatThrownBy(() -> JobNames.forAttempt("x", 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aTakenNameGetsEightHexDigitsOfTheTokensSha256SoEachTokenHasItsOwnAndKeepsIt() {
        String rerun = JobNames.whenTaken("release-4700-lr3e-4", "gh-4700-2-lr1");

        // sha256("gh-4700-2-lr1") starts with these digits: the name is derived, never random
        assertThat(rerun)
                .isEqualTo("release-4700-lr3e-4-"
                        + ClientToken.sha256Hex("gh-4700-2-lr1").substring(0, 8));
        assertThat(rerun).matches("release-4700-lr3e-4-[0-9a-f]{8}");
        assertThat(JobNames.whenTaken("release-4700-lr3e-4", "gh-4700-2-lr1")).isEqualTo(rerun);
        assertThat(JobNames.whenTaken("release-4700-lr3e-4", "gh-4700-3-lr1")).isNotEqualTo(rerun);
        assertThat(JobNames.candidates("release-4700-lr3e-4", "gh-4700-2-lr1"))
                .containsExactly("release-4700-lr3e-4", rerun);
    }

    @Test
    void aLongNameIsCutNeverItsSuffixAndStaysAValidSenseCoreName() {
        String long63 = "a".repeat(50) + "-b-c-d-e-f-g";
        assertThat(long63).hasSize(62);

        String taken = JobNames.whenTaken(long63, "tok");
        String attempt = JobNames.forAttempt(long63, 12);

        assertThat(taken).hasSizeLessThanOrEqualTo(63).matches(".*-[0-9a-f]{8}").doesNotContain("--");
        assertThat(attempt).hasSizeLessThanOrEqualTo(63).endsWith("-a12").doesNotContain("--");
        assertThat(SenseCoreJobName.isValid(taken)).isTrue();
        assertThat(SenseCoreJobName.isValid(JobNames.whenTaken(attempt, "tok-a12")))
                .isTrue();
    }

    @Test
    void theNamesOfASpecsJobsAreItsOwnAttemptsAndTheirTakenFormsUnderTheJobsOwnToken() {
        String spec = "nightly";
        assertThat(JobNames.isNameOf(spec, "nightly", "t")).isTrue();
        assertThat(JobNames.isNameOf(spec, "nightly-a7", "t-a7")).isTrue();
        assertThat(JobNames.isNameOf(spec, JobNames.whenTaken("nightly", "t"), "t"))
                .isTrue();
        assertThat(JobNames.isNameOf(spec, JobNames.whenTaken("nightly-a2", "t-a2"), "t-a2"))
                .isTrue();
        // a suffix no token of the job gives, or another spec's name, is not this spec's job
        assertThat(JobNames.isNameOf(spec, JobNames.whenTaken("nightly", "other"), "t"))
                .isFalse();
        assertThat(JobNames.isNameOf(spec, "nightly-2", "t")).isFalse();
        assertThat(JobNames.isNameOf(spec, "nightly-b", "t")).isFalse();
    }
}
