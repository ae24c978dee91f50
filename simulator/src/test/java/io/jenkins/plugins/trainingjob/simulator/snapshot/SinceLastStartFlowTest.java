package io.jenkins.plugins.trainingjob.simulator.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.SinceLastStart;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.flow.BoundTarget;
import io.jenkins.plugins.trainingjob.core.flow.FieldNames;
import io.jenkins.plugins.trainingjob.core.flow.Submit;
import io.jenkins.plugins.trainingjob.core.flow.SubmitFlow;
import io.jenkins.plugins.trainingjob.core.flow.SubmitListener;
import io.jenkins.plugins.trainingjob.core.flow.SubmitRequest;
import io.jenkins.plugins.trainingjob.core.flow.SubmitResult;
import io.jenkins.plugins.trainingjob.core.flow.SubmitStore;
import io.jenkins.plugins.trainingjob.core.flow.TargetBinder;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorSettings;
import io.jenkins.plugins.trainingjob.core.monitor.WaitBudget;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.snapshot.Baseline;
import io.jenkins.plugins.trainingjob.core.snapshot.SnapshotStore;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.SimClients;
import io.jenkins.plugins.trainingjob.simulator.SimSpecs;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * "Since it last started" through core's one submit flow and the real job monitor, as every front end runs
 * it, against the simulator's {@code nightly} world: the flow keeps the snapshot of build #41's job when the
 * monitor first sees it started (on its call pool, before the wait ends), and build #42 of the same job, whose
 * store names that snapshot as its baseline, gets the section in the report of its diagnosis (pending
 * timeout) or of its pre-flight refusal. The front end only keeps and finds snapshots (here in memory).
 */
class SinceLastStartFlowTest {
    private static final String POOL = NightlyWorld.POOL;
    private static final String QUEUE = NightlyWorld.QUEUE;
    private static final String CONNECTION = "nightly";

    private final ManualClock clock = new ManualClock();
    private Simulator sim;
    /** The current build's client: each build talks through one of its own, as builds do (a client keeps an
     * inventory for a poll round of wall time, which the simulated hours between two builds do not pass). */
    private volatile AihcClient client;

    private final List<AihcClient> clients = new CopyOnWriteArrayList<>();
    private JobMonitor monitor;

    @BeforeEach
    void start() {
        clock.settleWithMonitor(() -> monitor);
        sim = Simulator.start(Scenario.bundled("nightly").withSpeed(0));
        newBuild();
        monitor = new JobMonitor(
                id -> client,
                clock,
                MonitorSettings.defaults().withCallThreads(2).withRetries(ms(300), ms(5), ms(20)));
    }

    @AfterEach
    void stop() {
        monitor.close();
        clients.forEach(AihcClient::close);
        sim.close();
    }

    /** A front end's store, in memory: it labels what it keeps as the run it was taken in. */
    static final class MemoryStore implements SnapshotStore {
        final String label;
        final Baseline baseline;
        final List<StartSnapshot> kept = new CopyOnWriteArrayList<>();
        /** The threads the store was called on: the monitor's call pool, never its scheduler. */
        final List<String> threads = new CopyOnWriteArrayList<>();

        MemoryStore(String label, Baseline baseline) {
            this.label = label;
            this.baseline = baseline;
        }

        @Override
        public Baseline baseline() {
            threads.add(Thread.currentThread().getName());
            return baseline;
        }

        @Override
        public void keep(StartSnapshot snapshot) {
            threads.add(Thread.currentThread().getName());
            kept.add(snapshot.withLabel(label));
        }
    }

    /** Records the watch's events, so the test moves the simulator's clock at the right moment. */
    static final class Seen implements SubmitListener {
        final AtomicBoolean pending = new AtomicBoolean();
        final AtomicBoolean diagnosing = new AtomicBoolean();

        @Override
        public void onWatchEvent(MonitorEvent event) {
            if (event instanceof MonitorEvent.StateChanged c && c.current().phase() == JobPhase.PENDING) {
                pending.set(true);
            }
            if (event instanceof MonitorEvent.DiagnosisStarted) {
                diagnosing.set(true);
            }
        }
    }

    private static JobSpec nightly(int pods) {
        return NightlyWorld.job(pods);
    }

    private void newBuild() {
        client = SimClients.aihc(sim, POOL, QUEUE);
        clients.add(client);
    }

    private Submit submit(JobSpec spec, SnapshotStore store, SubmitListener listener) {
        SubmitRequest request = SubmitRequest.builder(FieldNames.KEYS)
                .waiting(
                        WaitMode.SCHEDULED,
                        WatchPolicy.defaults(WaitTarget.SCHEDULED)
                                .withPolling(ms(5), ms(20))
                                .withPendingTimeout(Duration.ofSeconds(10))
                                .withDiagnosisTimeout(Duration.ofMinutes(5)),
                        WaitBudget.NONE)
                .snapshots(store)
                .build();
        return SubmitFlow.start(
                monitor,
                request,
                new BoundTarget(1, "primary", client, spec, CONNECTION),
                TargetBinder.NONE,
                listener,
                SubmitStore.NONE);
    }

    /**
     * Build #41: another team's job holds gpu-[06-08] for 3 minutes, then the nightly job starts there and the
     * wait ends; the job then runs to its end.
     */
    private StartSnapshot buildFortyOne() {
        MemoryStore store = new MemoryStore("build #41", Baseline.NONE);
        try (AihcClient other = SimClients.aihc(sim, POOL, QUEUE)) {
            other.submit(SimSpecs.aihc("team-b-warmup", QUEUE, 3, 8, "SIM_RUN_SECONDS", "180"), "warmup");
        }
        Seen seen = new Seen();
        Submit submit = submit(nightly(3), store, seen);
        clock.runUntil("build #41's job is seen pending", seen.pending::get);
        sim.advanceClock(Duration.ofSeconds(180));
        clock.runUntil("build #41's wait ended", submit.result()::isDone);

        SubmitResult result = submit.result().join();
        assertThat(result.outcome()).isInstanceOf(Outcome.Scheduled.class);
        assertThat(store.kept).as("kept before the wait ended").hasSize(1);
        assertThat(store.threads).allSatisfy(t -> assertThat(t).startsWith("trainingjob-monitor-call-"));
        sim.advanceClock(Duration.ofSeconds(601)); // the nightly job ends
        assertThat(client.status(result.job()).phase()).isEqualTo(JobPhase.SUCCEEDED);
        return store.kept.get(0);
    }

    /** Build #42 of {@code spec} against {@code baseline}: its report, refused by pre-flight or diagnosed. */
    private DiagnosisReport buildFortyTwo(JobSpec spec, StartSnapshot baseline) {
        newBuild();
        MemoryStore store = new MemoryStore("build #42", Baseline.of(baseline));
        Seen seen = new Seen();
        Submit submit = submit(spec, store, seen);
        clock.runUntil(
                "build #42 was refused or is pending", () -> submit.result().isDone() || seen.pending.get());
        if (!submit.result().isDone()) {
            sim.advanceClock(Duration.ofMinutes(6)); // AIHC diagnoses a job queued 5 minutes
            clock.runUntil("the diagnosis was launched", seen.diagnosing::get);
            sim.advanceClock(Duration.ofSeconds(30));
            clock.runUntil("build #42's wait ended", submit.result()::isDone);
        }
        SubmitResult result = submit.result().join();
        assertThat(store.kept).as("a job that never started leaves no snapshot").isEmpty();
        assertThat(store.threads).isNotEmpty().allSatisfy(t -> assertThat(t).startsWith("trainingjob-monitor-call-"));
        if (result.ending() == SubmitResult.Ending.REFUSED) {
            return result.preflight();
        }
        assertThat(result.outcome()).isInstanceOf(Outcome.Unschedulable.class);
        return ((Outcome.Unschedulable) result.outcome()).report();
    }

    @Test
    void theStartedJobsSnapshotIsKeptWhenTheMonitorFirstSeesItStarted() {
        StartSnapshot kept = buildFortyOne();

        assertThat(kept.moment()).isEqualTo(StartSnapshot.Moment.STARTED);
        assertThat(kept.label()).isEqualTo("build #41");
        assertThat(kept.waitedSeconds()).isEqualTo(180);
        assertThat(kept.nodes()).hasSize(8);
        // the job's own pods were named (a list page names none; the job's own status was read)
        assertThat(kept.nodes().subList(5, 8))
                .allSatisfy(n -> assertThat(n.job()).as(n.name()).isEqualTo(8));
        assertThat(kept.notRead()).isEmpty();
    }

    /**
     * A job that starts right after its pre-flight: the pool's inventory the client keeps for a poll round was
     * read before the job's pods were placed, and a snapshot from it would count the job's GPUs as free too.
     */
    @Test
    void aJobThatStartsAtOnceIsSnapshottedAsItHoldsItsNodes() {
        MemoryStore store = new MemoryStore("build #41", Baseline.NONE);
        Submit submit = submit(nightly(3), store, new Seen());
        clock.runUntil("the wait ended", submit.result()::isDone);

        assertThat(store.kept).singleElement().satisfies(s -> {
            assertThat(s.waitedSeconds()).isZero();
            assertThat(s.nodes().subList(5, 8)).allSatisfy(n -> {
                assertThat(n.job()).as(n.name()).isEqualTo(8);
                assertThat(n.free())
                        .as(n.name() + ": its GPUs are the job's, not free")
                        .isZero();
            });
        });
    }

    @Test
    void cordonedNodesAreNamedInTheDiagnosisOfTheNextBuild() {
        StartSnapshot baseline = buildFortyOne();
        NightlyWorld.cordonTwoNodes(sim);

        DiagnosisReport report = buildFortyTwo(nightly(3), baseline);

        assertThat(report.diagnosisId()).as("diagnosed, not refused").isNotEmpty();
        assertThat(report.sinceLastStart().headline())
                .isEqualTo("since build #41, gpu-[07-08] were cordoned: 16 of the 24 GPUs this job needs");
    }

    @Test
    void aCutCapabilityIsNamedInThePreflightRefusal() {
        StartSnapshot baseline = buildFortyOne();
        NightlyWorld.cutCapability(sim);

        DiagnosisReport report = buildFortyTwo(nightly(3), baseline);

        assertThat(report.verdict()).isEqualTo(Verdict.NEVER_FITS);
        assertThat(report.sinceLastStart().headline())
                .isEqualTo("since build #41, queue train's capability of nvidia.com/gpu was cut from 32 to 16: the job "
                        + "needs 24");
    }

    @Test
    void anotherTeamsJobsAreNamedInTheDiagnosisOfTheNextBuild() {
        StartSnapshot baseline = buildFortyOne();
        NightlyWorld.anotherTeamFillsTheQueue(sim);

        DiagnosisReport report = buildFortyTwo(nightly(3), baseline);

        assertThat(report.sinceLastStart().headline())
                .isEqualTo("since build #41, other jobs hold 16 more GPUs on the queue's nodes: 16 of the 24 GPUs this "
                        + "job needs");
    }

    @Test
    void aDoubledSpecIsNamedInThePreflightRefusal() {
        StartSnapshot baseline = buildFortyOne();

        DiagnosisReport report = buildFortyTwo(nightly(6), baseline);

        assertThat(report.verdict()).isEqualTo(Verdict.NEVER_FITS);
        assertThat(report.sinceLastStart().headline())
                .isEqualTo("since build #41, the spec asks for 48 GPUs instead of 24 (pods 3 → 6)");
    }

    @Test
    void aWaitForAReasonNoSnapshotHoldsFindsNoChange() {
        StartSnapshot baseline = buildFortyOne();
        NightlyWorld.relabelTheJobsNodes(sim);

        SinceLastStart since = buildFortyTwo(nightly(3), baseline).sinceLastStart();

        assertThat(since.compared()).isTrue();
        assertThat(since.headline()).isEqualTo(SinceLastStart.NO_CHANGE);
    }

    @Test
    void withoutABaselineTheReportHasNoSection() {
        buildFortyOne();
        sim.cordon("gpu-07");

        newBuild();
        MemoryStore none = new MemoryStore("build #42", Baseline.NONE);
        Seen seen = new Seen();
        Submit submit = submit(nightly(3), none, seen);
        clock.runUntil("pending", seen.pending::get);
        sim.advanceClock(Duration.ofMinutes(6));
        clock.runUntil("diagnosing", seen.diagnosing::get);
        sim.advanceClock(Duration.ofSeconds(30));
        clock.runUntil("ended", submit.result()::isDone);

        Outcome outcome = submit.result().join().outcome();
        assertThat(((Outcome.Unschedulable) outcome).report().sinceLastStart()).isNull();
    }

    private static Duration ms(long n) {
        return Duration.ofMillis(n);
    }
}
