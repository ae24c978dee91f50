package io.jenkins.plugins.trainingjob.core.snapshot;

import io.jenkins.plugins.trainingjob.core.diagnosis.SinceLastStart;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The start snapshots of one job, decided once for every front end: the monitor keeps one when the watched
 * job is first seen started ({@link #keepStarted}), the submit flow one at pre-flight when a job that is not
 * watched fits now ({@link #keepAtPreflight}), and a job with a baseline that is diagnosed or refused gets the
 * report's section "Since it last started" ({@link #sinceLastStart}). Where snapshots are kept and found is
 * the front end's {@link SnapshotStore}.
 *
 * <p>Every method blocks (platform calls, the store's files or builds): run them on the monitor's call pool,
 * never on its scheduler thread. None throws: a snapshot that cannot be taken or kept is logged, and a
 * comparison that cannot be made says why in its section.
 */
public final class StartSnapshots {
    private static final System.Logger LOG = System.getLogger(StartSnapshots.class.getName());

    /** Takes and compares nothing. */
    public static final StartSnapshots NONE = new StartSnapshots(null, SnapshotStore.NONE);

    private final JobSpec spec;
    private final SnapshotStore store;

    private StartSnapshots(JobSpec spec, SnapshotStore store) {
        this.spec = spec;
        this.store = store;
    }

    /**
     * The snapshots of {@code spec}'s job kept in {@code store}; {@link #NONE} without a spec (a job followed by
     * its id alone: its demand is not known) or a store.
     */
    public static StartSnapshots of(JobSpec spec, SnapshotStore store) {
        if (spec == null || store == null || store == SnapshotStore.NONE) {
            return NONE;
        }
        return new StartSnapshots(spec, store);
    }

    /** Whether anything is taken or compared at all. */
    public boolean active() {
        return spec != null;
    }

    /** Whether a started job's snapshot is kept (the store keeps snapshots). */
    public boolean keepsStarts() {
        return active() && store.keeps();
    }

    /**
     * Takes the snapshot of the job that was just seen started and keeps it: the baseline of later runs. A
     * status read from a list page may name no pods; the job's own status is read then, so its GPUs count as
     * its own, not as other jobs' work.
     */
    public void keepStarted(TrainingPlatform platform, JobStatus status, Instant now) {
        if (!keepsStarts()) {
            return;
        }
        Objects.requireNonNull(status, "status");
        JobStatus full = status;
        if (status.workers().isEmpty()) {
            try {
                full = platform.status(status.job());
            } catch (RuntimeException e) { // a platform's refusal too: PlatformException is unchecked
                full = status; // the capture says the job's own pods were not named
            }
        }
        keep(platform, full, now);
    }

    /** Takes the snapshot of a job pre-flight found fitting now, before its create call, and keeps it. */
    public void keepAtPreflight(TrainingPlatform platform, Instant now) {
        if (keepsStarts()) {
            keep(platform, null, now);
        }
    }

    private void keep(TrainingPlatform platform, JobStatus status, Instant now) {
        try {
            store.keep(SnapshotCapture.capture(platform, spec, status, now));
        } catch (RuntimeException e) {
            LOG.log(
                    System.Logger.Level.WARNING,
                    "the start snapshot of " + ConsoleText.strip(spec.name()) + " was not kept",
                    e);
        }
    }

    /**
     * The section comparing the front end's baseline with today's evidence, captured now; empty when the front
     * end has no baseline. A baseline it could not use, or a comparison that failed, is a section that says why.
     *
     * @param status the pending job's status, or {@code null} at pre-flight (no job yet)
     */
    public Optional<SinceLastStart> sinceLastStart(TrainingPlatform platform, JobStatus status, Instant now) {
        if (!active()) {
            return Optional.empty();
        }
        Baseline baseline;
        try {
            baseline = store.baseline();
        } catch (RuntimeException e) {
            baseline = Baseline.unusable("", "the baseline could not be looked up: " + message(e));
        }
        if (baseline == null || !baseline.found()) {
            return Optional.empty();
        }
        if (baseline.snapshot() == null) {
            return Optional.of(SnapshotDiff.notCompared(baseline.label(), baseline.unusable()));
        }
        StartSnapshot then =
                baseline.snapshot().label().isEmpty() && !baseline.label().isEmpty()
                        ? baseline.snapshot().withLabel(baseline.label())
                        : baseline.snapshot();
        try {
            return Optional.of(SnapshotDiff.againstNow(then, platform, spec, status, now));
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "comparing with " + ConsoleText.strip(then.label()) + " failed", e);
            return Optional.of(SnapshotDiff.notCompared(then.label(), "the comparison failed: " + message(e)));
        }
    }

    private static String message(RuntimeException e) {
        return ConsoleText.strip(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
    }
}
