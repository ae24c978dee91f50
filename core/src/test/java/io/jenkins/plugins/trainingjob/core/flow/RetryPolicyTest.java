package io.jenkins.plugins.trainingjob.core.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.monitor.JobFailure;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "j-1", "train");

    private static Outcome.JobFailed failed(JobPhase phase, Integer exitCode, String eventReason) {
        return new Outcome.JobFailed(
                FakePlatform.status(JOB, phase),
                new JobFailure(
                        "",
                        exitCode,
                        "",
                        eventReason == null
                                ? List.of()
                                : List.of(new JobEvent("Warning", eventReason, "", null, null, 1))));
    }

    @Test
    void retriesAListedExitCodeOnly() {
        RetryPolicy p = RetryPolicy.parse(FrontEndNames.CLI, 2, "137,140-143", false, "30s");
        assertThat(p.reasonToRetry(failed(JobPhase.FAILED, 137, null))).contains("exit code 137");
        assertThat(p.reasonToRetry(failed(JobPhase.FAILED, 141, null))).contains("exit code 141");
        assertThat(p.reasonToRetry(failed(JobPhase.FAILED, 1, null))).isEmpty();
        assertThat(p.reasonToRetry(failed(JobPhase.FAILED, null, null))).isEmpty();
        assertThat(p.backoff()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void neverRetriesAnUnschedulableOrTimedOutWaitOrAPersonsStop() {
        RetryPolicy p = RetryPolicy.parse(FrontEndNames.CLI, 3, "1-255", true, null);
        assertThat(p.reasonToRetry(new Outcome.Unschedulable(null, null))).isEmpty();
        assertThat(p.reasonToRetry(new Outcome.TimedOut(null, "10m"))).isEmpty();
        // Stopped with no word of a preemption: maybe a person; never undone.
        assertThat(p.reasonToRetry(failed(JobPhase.STOPPED, null, null))).isEmpty();
        assertThat(p.reasonToRetry(failed(JobPhase.STOPPED, null, "Preempted"))).contains("preempted");
    }

    @Test
    void aSchedulerMessageThatMentionsPreemptionIsNoProofOfOne() {
        RetryPolicy p = RetryPolicy.parse(FrontEndNames.CLI, 1, null, true, null);
        Outcome.JobFailed stoppedByAPerson = new Outcome.JobFailed(
                FakePlatform.status(JOB, JobPhase.STOPPED),
                new JobFailure(
                        "",
                        null,
                        "",
                        List.of(new JobEvent(
                                "Warning",
                                "FailedScheduling",
                                "0/8 nodes are available: 8 Insufficient nvidia.com/gpu. preemption: 0/8 nodes are "
                                        + "available: 8 Preemption is not helpful for scheduling.",
                                null,
                                null,
                                1))));
        assertThat(p.reasonToRetry(stoppedByAPerson)).isEmpty();
    }

    @Test
    void preemptionIsRetriedOnlyWhenAskedFor() {
        RetryPolicy p = RetryPolicy.parse(FrontEndNames.JENKINS, 1, "137", false, null);
        assertThat(p.reasonToRetry(failed(JobPhase.STOPPED, null, "Preempted"))).isEmpty();
    }

    @Test
    void refusesBadValuesNamingTheField() {
        assertThatThrownBy(() -> RetryPolicy.parse(FrontEndNames.CLI, 11, "137", false, null))
                .hasMessageContaining("--retry-limit")
                .hasMessageContaining("0-10");
        assertThatThrownBy(() -> RetryPolicy.parse(FrontEndNames.JENKINS, 1, "137,x", false, null))
                .hasMessageContaining("retry.onExitCodes")
                .hasMessageContaining("'x'");
        assertThatThrownBy(() -> RetryPolicy.parse(FrontEndNames.CLI, 1, "300", false, null))
                .hasMessageContaining("--retry-on-exit-codes");
        assertThatThrownBy(() -> RetryPolicy.parse(FrontEndNames.CLI, 1, null, false, null))
                .hasMessageContaining("--retry-limit")
                .hasMessageContaining("retries nothing");
        assertThatThrownBy(() -> RetryPolicy.parse(FrontEndNames.CLI, 1, "137", false, "30"))
                .hasMessageContaining("--retry-backoff");
    }
}
