package io.jenkins.plugins.trainingjob.core.outcome;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.platform.FailedCall;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.NotFoundException;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class OutcomeMessagesTest {
    private static final JobRef JOB = new JobRef(PlatformKind.SENSECORE, "tj-20260101-abcdef", "train-llm");

    @Test
    void scheduledCountsTheDistinctNodesThePodsWerePlacedOn() {
        List<WorkerStatus> workers = List.of(
                new WorkerStatus("w-0", "node-b", "Running", ""),
                new WorkerStatus("w-1", "node-a", "Running", ""),
                new WorkerStatus("w-2", "node-a", "Running", ""));
        assertThat(new Outcome.Scheduled(status(JobPhase.RUNNING, "RUNNING", "", workers)).message())
                .isEqualTo("[sensecore] job train-llm (tj-20260101-abcdef) is scheduled: RUNNING on 2 nodes");
    }

    @Test
    void aFailedJobShowsThePlatformsReason() {
        assertThat(new Outcome.JobFailed(status(JobPhase.FAILED, "FAILED", "OOMKilled\u001b[0m", List.of())).message())
                .isEqualTo("[sensecore] job train-llm (tj-20260101-abcdef) failed: FAILED, OOMKilled");
    }

    @Test
    void anUnschedulableJobShowsTheReportsHeadlineOrPointsToTheReport() {
        JobStatus pending = status(JobPhase.PENDING, "QUEUEING", "", List.of());
        DiagnosisReport report = new DiagnosisReport(
                1,
                JOB,
                "d-1",
                "Job train-llm cannot be scheduled: "
                        + "4 nodes refused pod w-0\u001b[2J; most: untolerated taint kwok.x-k8s.io/node: fake (4 nodes)",
                Verdict.FITS_LATER,
                "",
                4,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of());
        assertThat(new Outcome.Unschedulable(pending, report).message())
                .isEqualTo(
                        "[sensecore] Job train-llm cannot be scheduled: 4 nodes refused pod w-0; most: untolerated taint\n"
                                + "    kwok.x-k8s.io/node: fake (4 nodes)");
        assertThat(new Outcome.Unschedulable(pending, null).message())
                .endsWith("cannot be scheduled: see the diagnosis report");
    }

    @Test
    void aPlatformErrorKeepsTheCodeAndRequestIdEvenPastOneHundredColumns() {
        NotFoundException gone = new NotFoundException(
                new FailedCall(PlatformKind.SENSECORE, "GET training job", 404, "NOT_FOUND", "req-123"),
                "job not found",
                null);
        assertThat(new Outcome.PlatformError(status(JobPhase.PENDING, "QUEUEING", "", List.of()), gone).message())
                .isEqualTo("[sensecore] job train-llm (tj-20260101-abcdef) watch failed: "
                        + "SenseCore ACP GET training job: job not\n"
                        + "    found (HTTP 404, code NOT_FOUND, request id req-123)");
    }

    @Test
    void aLongLineIsFoldedAtSpacesIntoIndentedLinesOfAtMostOneHundredColumns() {
        String longName = "x".repeat(130);
        String folded = JobLine.fit("[aihc] one two three " + longName + " tail");
        assertThat(List.of(folded.split("\n")))
                .allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(100))
                .first()
                .isEqualTo("[aihc] one two three");
        assertThat(folded)
                .startsWith("[aihc] one two three\n    " + "x".repeat(96) + "\n    xxxx")
                .endsWith(" tail")
                .doesNotContain("…");
        assertThat(JobLine.fit("short\u001b[31m line")).isEqualTo("short line");
    }

    @Test
    void aJobNeverSeenSaysItsStateIsNotKnown() {
        JobStatus unseen = JobStatus.unknown(JOB);
        assertThat(new Outcome.TimedOut(unseen, "overall timeout of 1h").message())
                .isEqualTo("[sensecore] job train-llm (tj-20260101-abcdef) timed out: overall timeout of 1h, "
                        + "job not seen yet");
    }

    private static JobStatus status(JobPhase phase, String raw, String reason, List<WorkerStatus> workers) {
        return new JobStatus(JOB, phase, raw, null, null, null, null, reason, workers, null);
    }
}
