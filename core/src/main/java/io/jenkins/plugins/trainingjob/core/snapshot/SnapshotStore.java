package io.jenkins.plugins.trainingjob.core.snapshot;

/**
 * Where a front end keeps a job's start snapshots and finds the one to compare with: the CLI's files
 * ({@code --snapshot-file}, {@code --baseline}), a Jenkins build's action and the earlier builds of its job.
 * That is all a front end decides; when a snapshot is taken and when it is compared is core's
 * ({@link StartSnapshots}), the same for every front end.
 *
 * <p>Both methods may block (files, loading earlier builds): core calls them on the monitor's call pool,
 * never on its scheduler thread.
 */
public interface SnapshotStore {

    /** Keeps nothing and knows no baseline: a submit without it takes no snapshot and compares nothing. */
    SnapshotStore NONE = new SnapshotStore() {
        @Override
        public Baseline baseline() {
            return Baseline.NONE;
        }

        @Override
        public void keep(StartSnapshot snapshot) {}

        @Override
        public boolean keeps() {
            return false;
        }
    };

    /**
     * The snapshot a pending (or refused) job is compared with: {@link Baseline#NONE} when there is none (then
     * the report has no section), or one that could not be used, with why (the section says so).
     */
    Baseline baseline();

    /**
     * Keeps the snapshot of this run, labelled as the front end names the run. A later snapshot of the same
     * job in the same run replaces an earlier one. A store that cannot keep it says so in its own place (a
     * warning line, the build log); it must not throw.
     */
    void keep(StartSnapshot snapshot);

    /** Whether {@link #keep} keeps anything: without it no snapshot is taken at all. */
    default boolean keeps() {
        return true;
    }
}
