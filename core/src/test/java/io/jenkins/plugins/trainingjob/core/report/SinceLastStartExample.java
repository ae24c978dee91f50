package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.JobDemand;
import io.jenkins.plugins.trainingjob.core.diagnosis.PreflightCheck;
import io.jenkins.plugins.trainingjob.core.platform.AihcPoolEvidence;
import io.jenkins.plugins.trainingjob.core.platform.InventoryNode;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.NodeIntervention;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.platform.QueueCapacity;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.snapshot.SnapshotCapture;
import io.jenkins.plugins.trainingjob.core.snapshot.SnapshotDiff;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The documented example of "Since it last started": a nightly job of 3 pods × 8 GPUs started in build #41
 * on gpu-[06-08] of queue {@code train} after 3 minutes; a day later the administrator has cordoned
 * gpu-[07-08] and another team's job waits ahead, so pre-flight finds it cannot start now. Every part is
 * computed by the real code (capture from an inventory, comparison, pre-flight); only the inventories are
 * written here, as the platform would have answered.
 */
final class SinceLastStartExample {

    static final Instant CREATED = Instant.parse("2026-12-03T22:07:00Z");
    static final Instant STARTED = Instant.parse("2026-12-03T22:10:00Z");
    static final Instant TODAY = Instant.parse("2026-12-04T22:25:00Z");

    private static final JobDemand DEMAND =
            new JobDemand(PlatformKind.AIHC, "nightly-train", "train", 3, Map.of("nvidia.com/gpu", 8.0), List.of(), "");

    private SinceLastStartExample() {}

    /** Build #41's snapshot, taken when its job started. */
    static StartSnapshot baseline() {
        JobRef job = new JobRef(PlatformKind.AIHC, "pytorchjob-41", "nightly-train");
        List<WorkerStatus> pods = List.of(
                new WorkerStatus("nightly-train-master-0", "gpu-06", "Running", ""),
                new WorkerStatus("nightly-train-worker-0", "gpu-07", "Running", ""),
                new WorkerStatus("nightly-train-worker-1", "gpu-08", "Running", ""));
        JobStatus started =
                new JobStatus(job, JobPhase.RUNNING, "Running", CREATED, STARTED, null, null, "", pods, null, 24);
        return SnapshotCapture.of(
                        DEMAND, "cce-train", started, inventory(false, STARTED), List.of(), List.of(), STARTED)
                .withLabel("build #41");
    }

    /** Today's evidence at pre-flight: gpu-[07-08] cordoned, a 16-GPU job of another team waiting. */
    static StartSnapshot today() {
        JobStatus ahead = new JobStatus(
                new JobRef(PlatformKind.AIHC, "pytorchjob-v17", "vision-sweep-17"),
                JobPhase.PENDING,
                "Queueing",
                TODAY.minusSeconds(600),
                null,
                null,
                1,
                "",
                List.of(),
                null,
                16);
        return SnapshotCapture.of(DEMAND, "cce-train", null, inventory(true, TODAY), List.of(ahead), List.of(), TODAY);
    }

    /** Today's pre-flight report with the section. */
    static DiagnosisReport report() {
        return PreflightCheck.check(DEMAND, inventory(true, TODAY))
                .withSinceLastStart(SnapshotDiff.compare(baseline(), today()));
    }

    /** gpu-[01-05] full with other tenants' work; then the job's 3 pods on gpu-[06-08], today two cordoned. */
    private static PoolInventory inventory(boolean today, Instant at) {
        List<InventoryNode> nodes = new ArrayList<>();
        for (int i = 1; i <= 8; i++) {
            String name = String.format("gpu-%02d", i);
            long allocated = i <= 5 ? 8 : today ? 0 : 8;
            NodeIntervention intervention = today && i >= 7 ? NodeIntervention.CORDONED : NodeIntervention.NONE;
            nodes.add(new InventoryNode(name, "nvidia.com/gpu", 8, allocated, 96, 0, 1024, 0, "Ready", intervention));
        }
        QueueCapacity queue = new QueueCapacity(
                "train",
                "Physical",
                "Open",
                true,
                Map.of("nvidia.com/gpu", "64"),
                Map.of("nvidia.com/gpu", "64"),
                Map.of(),
                Map.of("nvidia.com/gpu", today ? "0" : "24"),
                List.of());
        return new PoolInventory(
                "cce-train",
                "train",
                List.of(new PoolInventory.GpuTotal("nvidia.com/gpu", 64, today ? 40 : 64)),
                nodes,
                true,
                queue,
                new AihcPoolEvidence(),
                at);
    }
}
