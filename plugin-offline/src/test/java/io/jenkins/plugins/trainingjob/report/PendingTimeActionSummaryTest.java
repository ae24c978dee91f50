package io.jenkins.plugins.trainingjob.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import hudson.model.Run;
import io.jenkins.plugins.trainingjob.SavedForms;
import io.jenkins.plugins.trainingjob.core.diagnosis.WaitEstimate;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The build page's summary of {@link PendingTimeAction} (its {@code summary.jelly}): when each queued job was
 * expected to start, read from the action as build.xml keeps it. JellyViewsContractTest checks that the
 * view's expressions resolve on these getters and that it escapes by default.
 */
class PendingTimeActionSummaryTest {

    private static final String ESTIMATE = "expected to start in 25-70 min (p50 40 min); 3 jobs ahead need 24 GPUs";

    private static PendingTimeAction saved(List<PendingTime> waits) {
        Run<?, ?> run = mock(Run.class);
        List<Object> added = new ArrayList<>();
        doAnswer(i -> added.add(i.getArgument(0))).when(run).addAction(any());
        when(run.getAction(PendingTimeAction.class)).thenAnswer(i -> added.isEmpty() ? null : added.get(0));
        waits.forEach(w -> PendingTimeAction.record(run, w));
        return (PendingTimeAction)
                SavedForms.fromXml(SavedForms.toXml(added.get(0)), null).value();
    }

    private static PendingTime wait(String id, WaitEstimate eta) {
        JobRef job = new JobRef(PlatformKind.AIHC, id, "resnet <b>");
        Outcome pending = new Outcome.TimedOut(FakePlatform.status(job, JobPhase.PENDING), "pending timeout");
        return PendingTime.of(pending, job, null, eta);
    }

    @Test
    void theSummaryListsTheWaitsThatHadAnEstimateWithTheirRangeAfterASave() {
        PendingTimeAction action = saved(List.of(
                wait("j-1", new WaitEstimate("ESTIMATE", 1500L, 2400L, 4200L, 3, 24, ESTIMATE, "the real waits")),
                wait("j-2", null),
                wait(
                        "j-3",
                        new WaitEstimate(
                                "NO_BASIS",
                                null,
                                null,
                                null,
                                0,
                                0,
                                "no basis for an estimate (2 finished jobs in 7d)",
                                "no basis for an estimate (2 finished jobs in 7d)"))));

        assertThat(action.getWaits()).hasSize(3);
        assertThat(action.getEstimatedWaits())
                .extracting(PendingTime::getJobId, PendingTime::getEta)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("j-1", ESTIMATE),
                        org.assertj.core.groups.Tuple.tuple("j-3", "no basis for an estimate (2 finished jobs in 7d)"));
    }

    @Test
    void aBuildWithoutEstimatesShowsNoSummary() throws Exception {
        PendingTimeAction action = saved(List.of(wait("j-2", null)));
        assertThat(action.getEstimatedWaits()).isEmpty();
        // the view draws nothing then: its one element is conditional on the list
        try (InputStream in = PendingTimeAction.class.getResourceAsStream("PendingTimeAction/summary.jelly")) {
            String view = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertThat(view)
                    .contains("<j:if test=\"${!it.estimatedWaits.isEmpty()}\">")
                    .contains("${wait.eta}")
                    .contains("${wait.jobName} (${wait.jobId})");
        }
    }
}
