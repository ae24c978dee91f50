package io.jenkins.plugins.trainingjob.core.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.jenkins.plugins.trainingjob.core.diagnosis.SinceLastStart;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What core does with a front end's {@link SnapshotStore}: nothing without a spec or a store; a baseline that
 * could not be found or used, or a store that fails, never fails the job's report: the section says why.
 */
class StartSnapshotsTest {

    private final FakePlatform platform = new FakePlatform(PlatformKind.AIHC);
    private final JobSpec spec = FakePlatform.spec(PlatformKind.AIHC, "nightly-train");

    /** A store that keeps in memory and answers with the baseline it is given. */
    private static final class Store implements SnapshotStore {
        final List<StartSnapshot> kept = new ArrayList<>();
        Baseline baseline = Baseline.NONE;
        RuntimeException failure;

        @Override
        public Baseline baseline() {
            if (failure != null) {
                throw failure;
            }
            return baseline;
        }

        @Override
        public void keep(StartSnapshot snapshot) {
            if (failure != null) {
                throw failure;
            }
            kept.add(snapshot);
        }
    }

    @Test
    void withoutASpecOrAStoreNothingIsTakenOrCompared() {
        Store store = new Store();
        store.baseline = Baseline.of(Snapshots.buildFortyOne());

        assertThat(StartSnapshots.of(null, store).active()).isFalse();
        assertThat(StartSnapshots.of(spec, SnapshotStore.NONE)).isSameAs(StartSnapshots.NONE);
        assertThat(StartSnapshots.NONE.sinceLastStart(platform, null, Snapshots.TODAY))
                .isEmpty();
        StartSnapshots.of(null, store).keepAtPreflight(platform, Snapshots.TODAY);
        assertThat(store.kept).isEmpty();
    }

    @Test
    void noBaselineMeansNoSection() {
        assertThat(StartSnapshots.of(spec, new Store()).sinceLastStart(platform, null, Snapshots.TODAY))
                .isEmpty();
    }

    @Test
    void aBaselineThatCouldNotBeUsedIsASectionSayingWhy() {
        Store store = new Store();
        store.baseline = Baseline.unusable("last.json", "last.json: written by a newer release");

        SinceLastStart since = StartSnapshots.of(spec, store)
                .sinceLastStart(platform, null, Snapshots.TODAY)
                .orElseThrow();

        assertThat(since.compared()).isFalse();
        assertThat(since.title()).isEqualTo("Since it last started (last.json)");
        assertThat(since.headline()).isEqualTo("not compared: last.json: written by a newer release");
    }

    @Test
    void aStoreThatFailsToLookUpItsBaselineIsSaidNotThrown() {
        Store store = new Store();
        store.failure = new IllegalStateException("the build record is locked");

        SinceLastStart since = StartSnapshots.of(spec, store)
                .sinceLastStart(platform, null, Snapshots.TODAY)
                .orElseThrow();

        assertThat(since.headline())
                .isEqualTo("not compared: the baseline could not be looked up: the build record is locked");
    }

    @Test
    void aStoreThatFailsToKeepDoesNotFailTheWatch() {
        Store store = new Store();
        store.failure = new IllegalStateException("disk full");
        JobRef job = new JobRef(PlatformKind.AIHC, "pytorchjob-42", "nightly-train");

        assertThatCode(() -> StartSnapshots.of(spec, store)
                        .keepStarted(platform, FakePlatform.status(job, JobPhase.RUNNING), Snapshots.TODAY))
                .doesNotThrowAnyException();
    }

    @Test
    void aStartedJobIsKeptWithWhatCouldNotBeRead() {
        Store store = new Store();
        JobRef job = platform.addJob("nightly-train");
        platform.set(job, JobPhase.RUNNING, "Running");
        JobStatus running = platform.status(job);

        StartSnapshots.of(spec, store).keepStarted(platform, running, Snapshots.TODAY);

        assertThat(store.kept).singleElement().satisfies(s -> {
            assertThat(s.moment()).isEqualTo(StartSnapshot.Moment.STARTED);
            // this fake reads no inventory: said, never taken as an empty pool
            assertThat(s.notRead()).anyMatch(n -> n.startsWith("inventory: "));
        });
    }

    @Test
    void aSnapshotWithoutALabelIsNamedAsTheStoreNamesIt() {
        Store store = new Store();
        store.baseline = new Baseline("run 41", Snapshots.buildFortyOne().withLabel(""), "");

        SinceLastStart since = StartSnapshots.of(spec, store)
                .sinceLastStart(platform, null, Snapshots.TODAY)
                .orElseThrow();

        assertThat(since.baseline()).isEqualTo("run 41");
    }
}
