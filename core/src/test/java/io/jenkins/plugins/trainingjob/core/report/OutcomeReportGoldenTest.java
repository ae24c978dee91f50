package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.outcome.JobFailure;
import io.jenkins.plugins.trainingjob.core.outcome.JobOutputs;
import io.jenkins.plugins.trainingjob.core.outcome.LogTail;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The short report of an outcome other than unschedulable, in every format, equals its golden file
 * ({@code outcome-<example>.<ext>}) byte for byte: a failed job with everything the end of a wait reads, and a
 * timed-out job stopped by the clean-up after two attempts, both with hostile remote strings. Regenerate after
 * an intended change with {@code ./mvnw -B -o -pl core test -Dtest=OutcomeReportGoldenTest -Dgolden.update=true
 * -Dsurefire.failIfNoSpecifiedTests=false}, then review the diff.
 */
class OutcomeReportGoldenTest {

    private static final Instant T0 = Instant.parse("2025-03-01T08:00:00Z");
    private static final JobRef FAILED_JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-7f3a", "train-llm *v2* <b>");
    private static final JobRef STOPPED_JOB = new JobRef(PlatformKind.SENSECORE, "tj-sweep-0042", "sweep [lr](x)");

    @ParameterizedTest
    @EnumSource(ReportFormat.class)
    void aFailedJobWithOutputsAndALogTail(ReportFormat format) throws IOException {
        ReportGoldenTest.assertMatchesGolden("outcome-failed." + format.extension(), failed().render(format));
    }

    @ParameterizedTest
    @EnumSource(ReportFormat.class)
    void aTimedOutJobStoppedAfterTwoAttempts(ReportFormat format) throws IOException {
        ReportGoldenTest.assertMatchesGolden(
                "outcome-stopped." + format.extension(), stopped().render(format));
    }

    static OutcomeSummary failed() {
        JobStatus status = new JobStatus(
                FAILED_JOB,
                JobPhase.FAILED,
                "Failed",
                T0,
                T0.plusSeconds(120),
                T0.plusSeconds(3_720),
                null,
                "",
                List.of(new WorkerStatus("train-llm-worker-1", "gpu-node-07", "Failed", "OOMKilled")),
                "https://console.example/aihc/jobs/pytorchjob-7f3a?tab=events&x=<y>");
        JobFailure failure = new JobFailure(
                "OOMKilled \u001b[31mred\u001b[0m",
                137,
                "train-llm-worker-1",
                List.of(
                        new JobEvent(
                                "Warning",
                                "BackOff",
                                "Back-off restarting failed container `trainer`",
                                T0.plusSeconds(3_600),
                                T0.plusSeconds(3_650),
                                3),
                        new JobEvent(
                                "Warning",
                                "ExitedWithCode",
                                "Pod: default.train-llm-worker-1 exited with code 137",
                                null,
                                T0.plusSeconds(3_700),
                                1)));
        JobOutputs outputs = new JobOutputs(
                Map.of("loss", "0.31 <script>alert(1)</script>", "checkpoint", "bos://ckpt/run-7 | *x*"),
                "train-llm-master-0",
                "",
                List.of("the job ended FAILED: these outputs are what its log printed before it ended"),
                JobPhase.FAILED);
        LogTail tail = new LogTail(
                "train-llm-worker-1",
                List.of("epoch 3 step 1200 loss=0.31", "```", "<html> & \"quotes\" 'single'", "Killed"),
                "the log is longer than 8 MiB; these are the last lines of its first 8 MiB");
        return new OutcomeSummary(
                FAILED_JOB, new Outcome.JobFailed(status, failure), outputs, tail, "", null, List.of());
    }

    static OutcomeSummary stopped() {
        JobStatus running = new JobStatus(
                STOPPED_JOB, JobPhase.RUNNING, "Running", T0, T0.plusSeconds(60), null, null, "", List.of(), null);
        JobStatus afterStop = new JobStatus(
                STOPPED_JOB,
                JobPhase.STOPPED,
                "Stopped",
                T0,
                T0.plusSeconds(60),
                T0.plusSeconds(7_300),
                null,
                "",
                List.of(),
                null);
        List<Attempt> attempts = List.of(
                new Attempt(
                        1,
                        "primary",
                        "tj-abc",
                        "tj-sweep-0041",
                        Verdict.FITS_LATER,
                        "unschedulable",
                        AttemptEnd.MOVED,
                        Duration.ofMinutes(15),
                        "pending timeout; stopped, moved to target 2 <queue=spot>"),
                new Attempt(
                        2, "queue=spot", "tj-abc-a2", "tj-sweep-0042", null, "timed_out", Duration.ofMinutes(95), ""));
        return new OutcomeSummary(
                STOPPED_JOB,
                new Outcome.TimedOut(running, "overall timeout of 2h"),
                null,
                null,
                "stopped job tj-sweep-0042 (--cancel-on-failure)",
                afterStop,
                attempts);
    }
}
