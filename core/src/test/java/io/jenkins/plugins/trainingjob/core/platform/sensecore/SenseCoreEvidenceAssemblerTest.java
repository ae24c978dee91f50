package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence.OtherJob;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence.PoolBinding;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence.ResourceSpec;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class SenseCoreEvidenceAssemblerTest {

    private static final ResourceSpec EIGHT_GPU = new ResourceSpec("g8", 8, "nvidia.com/gpu", 96, 1000, List.of("z"));
    private static final ResourceSpec ONE_GPU = new ResourceSpec("g1", 1, "nvidia.com/gpu", 12, 120, List.of("z"));
    private static final List<ResourceSpec> SPECS = List.of(EIGHT_GPU, ONE_GPU);

    private static TrainingJobDocument job(
            String name, String uid, String pool, String state, String created, int replicas, String... specs) {
        return new TrainingJobDocument(
                name,
                uid,
                name,
                state,
                created == null ? null : Instant.parse(created),
                null,
                null,
                pool,
                "",
                List.of(specs),
                replicas,
                "RESERVED",
                "NORMAL");
    }

    private static final TrainingJobDocument SELF =
            job("me", "u-me", "pool-a", "QUEUEING", "2026-11-30T09:00:00Z", 4, "g8");

    @Test
    void devicesAreDevicesPerWorkerTimesWorkers() {
        assertThat(SenseCoreEvidenceAssembler.devices(SELF, SPECS)).isEqualTo(32);
        assertThat(SenseCoreEvidenceAssembler.devices(job("a", "", "p", "RUNNING", null, 3, "g1", "g1"), SPECS))
                .isEqualTo(3);
    }

    @Test
    void devicesAreUnknownWhenSpecOrReplicasAreUnknownOrSpecsDiffer() {
        assertThat(SenseCoreEvidenceAssembler.devices(job("a", "", "p", "RUNNING", null, 2, "missing"), SPECS))
                .isEqualTo(-1);
        assertThat(SenseCoreEvidenceAssembler.devices(job("a", "", "p", "RUNNING", null, -1, "g8"), SPECS))
                .isEqualTo(-1);
        assertThat(SenseCoreEvidenceAssembler.devices(job("a", "", "p", "RUNNING", null, 2), SPECS))
                .isEqualTo(-1);
        assertThat(SenseCoreEvidenceAssembler.devices(job("a", "", "p", "RUNNING", null, 2, "g8", "g1"), SPECS))
                .isEqualTo(-1);
    }

    @Test
    void competitorsAreTheOtherUnfinishedJobsOfThePoolOldestFirst() {
        List<TrainingJobDocument> workspace = List.of(
                SELF,
                job("newer", "u-3", "pool-a", "QUEUEING", "2026-11-30T09:30:00Z", 1, "g1"),
                job("older", "u-2", "pool-a", "RUNNING", "2026-11-30T08:00:00Z", 2, "g8"),
                job("no-time", "u-6", "pool-a", "SOMETHING_NEW", null, 1, "g1"),
                job("done", "u-4", "pool-a", "SUCCEEDED", "2026-11-30T07:00:00Z", 2, "g8"),
                job("elsewhere", "u-5", "pool-b", "RUNNING", "2026-11-30T07:00:00Z", 2, "g8"));

        assertThat(SenseCoreEvidenceAssembler.competitors(SELF, workspace, SPECS))
                .containsExactly(
                        new OtherJob("older", "RUNNING", "NORMAL", Instant.parse("2026-11-30T08:00:00Z"), 16),
                        new OtherJob("newer", "QUEUEING", "NORMAL", Instant.parse("2026-11-30T09:30:00Z"), 1),
                        new OtherJob("no-time", "SOMETHING_NEW", "NORMAL", null, 1));
    }

    @Test
    void assemblesStatusRequestSortedBindingsAndEventAvailability() {
        JobStatus status = SELF.toStatus("me", List.of(new WorkerStatus("w-0", "", "Pending", "")));
        List<PoolBinding> bindings = List.of(
                new PoolBinding("pool-b", "ACTIVE", "ALL", 8, 96, 1000, 0),
                new PoolBinding("pool-a", "ACTIVE", "RESERVED", 16, 192, 2000, -1));
        List<JobEvent> events = List.of(new JobEvent("Warning", "FailedScheduling", "no nodes", null, null, 1));

        SenseCoreEvidence evidence =
                SenseCoreEvidenceAssembler.assemble(status, SELF, SPECS, bindings, List.of(SELF), events);

        assertThat(evidence.job()).isEqualTo(status.job());
        assertThat(evidence.status()).isEqualTo(status);
        assertThat(evidence.request())
                .isEqualTo(new SenseCoreEvidence.Request("pool-a", List.of("g8"), 4, "RESERVED", "NORMAL"));
        assertThat(evidence.workers()).isEqualTo(status.workers());
        assertThat(evidence.specs()).isEqualTo(SPECS);
        assertThat(evidence.bindings()).extracting(PoolBinding::name).containsExactly("pool-a", "pool-b");
        assertThat(evidence.otherJobs()).isEmpty();
        assertThat(evidence.events()).isEqualTo(events);
        assertThat(evidence.eventsAvailable()).isTrue();

        SenseCoreEvidence withoutEvents =
                SenseCoreEvidenceAssembler.assemble(status, SELF, SPECS, bindings, List.of(), null);
        assertThat(withoutEvents.eventsAvailable()).isFalse();
        assertThat(withoutEvents.events()).isEmpty();
    }
}
