package io.jenkins.plugins.trainingjob.report;

import hudson.model.InvisibleAction;
import hudson.model.Run;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshotJson;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * The start snapshots of a build's training jobs, saved with the build (no icon, no URL): what made each job's
 * start possible, for a later build of the same job to compare with ({@link BuildSnapshots}). One entry per
 * job, keyed by its spec's name, so the steps of a build (parallel legs included) each keep theirs; a later
 * snapshot of the same job replaces an earlier one. Each entry is core's versioned JSON
 * ({@link StartSnapshotJson}): the build record holds no live object, and a later release reads it.
 */
public class StartSnapshotAction extends InvisibleAction {
    /**
     * Copy on write: replaced whole on each keep, never changed once published, because {@code Run.save()}
     * writes it from other threads while parallel branches keep theirs. A {@code TreeMap}, so build.xml lists
     * the jobs in a stable order.
     */
    private volatile TreeMap<String, String> snapshots = new TreeMap<>();

    /**
     * Keeps {@code snapshot} as job {@code key}'s on the build (the action is made on the first) and saves
     * the build; a failed save waits for the build's own. Blocking: called on the monitor's call pool.
     */
    @Restricted(NoExternalUse.class)
    public static void keep(Run<?, ?> run, String key, StartSnapshot snapshot) {
        String json = StartSnapshotJson.write(snapshot);
        synchronized (StartSnapshotAction.class) {
            StartSnapshotAction action = run.getAction(StartSnapshotAction.class);
            if (action == null) {
                action = new StartSnapshotAction();
                run.addAction(action);
            }
            TreeMap<String, String> next = new TreeMap<>(action.saved());
            next.put(key, json);
            action.snapshots = next;
        }
        try {
            run.save();
        } catch (IOException e) {
            // the build saves its actions again when it ends
        }
    }

    private Map<String, String> saved() {
        Map<String, String> s = snapshots;
        return s == null ? Map.of() : s;
    }

    /** Job {@code key}'s snapshot as saved (core's JSON), if this build kept one. */
    @Restricted(NoExternalUse.class)
    public Optional<String> json(String key) {
        return Optional.ofNullable(saved().get(key));
    }

    /** The jobs this build kept a snapshot of, by key. */
    @Restricted(NoExternalUse.class)
    public Map<String, String> getSnapshots() {
        return Map.copyOf(saved());
    }
}
