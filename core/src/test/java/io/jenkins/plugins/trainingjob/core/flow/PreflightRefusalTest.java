package io.jenkins.plugins.trainingjob.core.flow;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which pre-flight verdicts stop a submit, per mode: only proof (NEVER_FITS) by default. */
class PreflightRefusalTest {

    @Test
    void theDefaultRefusesOnlyAJobThatNeverFits() {
        assertThat(refused(PreflightMode.ON)).containsExactly(Verdict.NEVER_FITS);
    }

    @Test
    void strictAlsoRefusesAJobThatNeedsThePoolAdministrator() {
        assertThat(refused(PreflightMode.STRICT)).containsExactlyInAnyOrder(Verdict.NEVER_FITS, Verdict.NEEDS_ADMIN);
    }

    @Test
    void warnAndOffRefuseNothing() {
        assertThat(refused(PreflightMode.WARN)).isEmpty();
        assertThat(refused(PreflightMode.OFF)).isEmpty();
    }

    @Test
    void strictIsReadFromItsWordAndWrittenBack() {
        assertThat(PreflightMode.parse(" Strict ", "preflight")).isEqualTo(PreflightMode.STRICT);
        assertThat(PreflightMode.STRICT.text()).isEqualTo("strict");
    }

    private static List<Verdict> refused(PreflightMode mode) {
        return java.util.Arrays.stream(Verdict.values())
                .filter(v -> Preflight.refuses(mode, report(v)))
                .toList();
    }

    private static DiagnosisReport report(Verdict verdict) {
        return new DiagnosisReport(
                DiagnosisReport.SCHEMA_VERSION,
                new JobRef(PlatformKind.AIHC, "job-1", "train"),
                "pre-flight",
                "headline",
                verdict,
                "text",
                0,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of());
    }
}
