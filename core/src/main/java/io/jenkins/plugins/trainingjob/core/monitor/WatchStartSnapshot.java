package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshots;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * The start snapshot of a watch's job: when a status first shows the job started (scheduled, not ended), what
 * made the start possible is read and kept through the front end's store ({@link StartSnapshots}), as one call
 * of the watch on the pool, before the watch acts on that status, so a wait that ends at the start has kept
 * it. A job first seen already ended has none: its nodes say nothing of its start any more. Once per watch.
 */
final class WatchStartSnapshot {

    private final WatchSteps steps;
    private final ConnectionGroup group;
    private final StartSnapshots snapshots;

    // Scheduler-thread state.
    private boolean kept;

    WatchStartSnapshot(WatchSteps steps, ConnectionGroup group, StartSnapshots snapshots) {
        this.steps = steps;
        this.group = group;
        this.snapshots = snapshots;
        this.kept = !snapshots.keepsStarts();
    }

    /** Acts on {@code status}: at once, or, when it is the job's first start, once its snapshot is kept. */
    void thenAct(JobStatus status, Consumer<JobStatus> act) {
        if (kept || !status.phase().isScheduled() || status.phase().isTerminal()) {
            act.accept(status);
            return;
        }
        kept = true;
        Instant now = steps.now();
        steps.call(
                "start snapshot",
                () -> {
                    snapshots.keepStarted(group.platform(), status, now);
                    return Boolean.TRUE;
                },
                done -> act.accept(status));
    }
}
