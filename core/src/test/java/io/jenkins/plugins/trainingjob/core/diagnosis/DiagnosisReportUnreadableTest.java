package io.jenkins.plugins.trainingjob.core.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import org.junit.jupiter.api.Test;

/** A diagnosis that cannot be analysed still yields a report: the job is unschedulable all the same. */
class DiagnosisReportUnreadableTest {

    @Test
    void saysTheJobCannotBeScheduledAndWhereToLook() {
        JobRef job = new JobRef(PlatformKind.AIHC, "pytorchjob-a", "train-llm");

        DiagnosisReport report = DiagnosisReport.unreadable(job, "diag-\u001b[31m7", "could not be analysed");

        assertThat(report.job()).isEqualTo(job);
        assertThat(report.diagnosisId()).isEqualTo("diag-\u001b[31m7");
        assertThat(report.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(report.headline())
                .isEqualTo("Job train-llm cannot be scheduled; its diagnosis could not be analysed");
        // the id is remote data: printed without its control characters
        assertThat(report.verdictText())
                .isEqualTo("the platform's diagnosis diag-7 could not be read; see its console");
        assertThat(report.rules()).isEmpty();
        assertThat(report.nodeCount()).isZero();
    }
}
