package io.jenkins.plugins.trainingjob.report;

import hudson.model.Run;
import io.jenkins.plugins.trainingjob.core.snapshot.Baseline;
import io.jenkins.plugins.trainingjob.core.snapshot.SnapshotDiff;
import io.jenkins.plugins.trainingjob.core.snapshot.SnapshotStore;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshotJson;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.Optional;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * Where a Jenkins build keeps its jobs' start snapshots and finds a job's baseline: this build's
 * {@link StartSnapshotAction}, under the job's spec name, and the most recent earlier build of the same
 * Jenkins job, within {@link SnapshotDiff#DEFAULT_MAX_AGE}, whose job of that name started (its snapshot was
 * taken at the start, not only at pre-flight). Core decides when a snapshot is taken and compared; this only
 * stores and looks up, on the monitor's call pool (loading earlier builds reads the disk).
 */
@Restricted(NoExternalUse.class)
public final class BuildSnapshots implements SnapshotStore {

    /** Earlier builds looked at, at most: a job built every few minutes has no need to load a month of them. */
    static final int MAX_BUILDS = 100;

    private final Run<?, ?> run;
    private final String key;

    private BuildSnapshots(Run<?, ?> run, String key) {
        this.run = run;
        this.key = key;
    }

    /** The snapshots of {@code spec}'s job in {@code run}, matched across builds by the spec's name. */
    public static BuildSnapshots of(Run<?, ?> run, JobSpec spec) {
        return new BuildSnapshots(run, keyOf(spec));
    }

    /** The key a job's snapshot is kept under: its spec's name as rendered ({@code nightly-train}). */
    static String keyOf(JobSpec spec) {
        String name = spec == null ? null : spec.name();
        return name == null || name.isBlank() ? "(unnamed)" : ConsoleText.strip(name);
    }

    /** {@code build #41}: how the report names a build. */
    static String label(Run<?, ?> r) {
        return "build #" + r.getNumber();
    }

    @Override
    public void keep(StartSnapshot snapshot) {
        StartSnapshotAction.keep(run, key, snapshot.withLabel(label(run)));
    }

    @Override
    public Baseline baseline() {
        long now = run.getTimeInMillis();
        long oldest = now - SnapshotDiff.DEFAULT_MAX_AGE.toMillis();
        Run<?, ?> earlier = run.getPreviousBuild();
        for (int seen = 0; earlier != null && seen < MAX_BUILDS; seen++, earlier = earlier.getPreviousBuild()) {
            if (earlier.getTimeInMillis() < oldest) {
                break; // older than any baseline core compares with
            }
            StartSnapshotAction action = earlier.getAction(StartSnapshotAction.class);
            Optional<String> json = action == null ? Optional.empty() : action.json(key);
            if (json.isEmpty()) {
                continue;
            }
            String label = label(earlier);
            StartSnapshot snapshot;
            try {
                snapshot = StartSnapshotJson.read(json.get(), label + "'s start snapshot");
            } catch (InvalidInputException e) {
                return Baseline.unusable(label, ConsoleText.strip(e.getMessage()));
            }
            if (snapshot.moment() == StartSnapshot.Moment.STARTED) {
                return Baseline.of(snapshot.withLabel(label));
            }
            // taken at pre-flight, and its job was never seen started: not a start to compare with
        }
        return Baseline.NONE;
    }
}
