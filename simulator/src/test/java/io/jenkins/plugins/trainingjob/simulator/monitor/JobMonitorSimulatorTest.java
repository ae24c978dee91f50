package io.jenkins.plugins.trainingjob.simulator.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.NodeRange;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorSettings;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.monitor.Watch;
import io.jenkins.plugins.trainingjob.core.monitor.WatchListener;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.monitor.WatchState;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.testkit.CountingPlatform;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import io.jenkins.plugins.trainingjob.core.testkit.RecordingListener;
import io.jenkins.plugins.trainingjob.core.testkit.SerialForm;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.SimClients;
import io.jenkins.plugins.trainingjob.simulator.SimSpecs;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import io.jenkins.plugins.trainingjob.simulator.http.FaultKind;
import io.jenkins.plugins.trainingjob.simulator.http.FaultRule;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The job monitor against the simulated AIHC API, through the real {@link AihcClient}. The simulator's
 * clock stands still unless a test advances it (AIHC's 5-minute pre-check and the diagnosis latency are
 * simulated time). The monitor runs on a {@link ManualClock} of its own, which the test advances timer by
 * timer, settling with the monitor's idle state (its HTTP calls to the simulator done) after each: no
 * test sleeps or polls real time, and the monitor's short deadlines are reached in its time, not ours.
 */
// Counts the job monitors' threads among the JVM's: no other class that starts monitors runs beside it.
@ResourceLock("job monitor threads")
class JobMonitorSimulatorTest {
    private static final String CONNECTION = "sim-aihc";
    private static final String POOL = "cce-sim00001";
    private static final String DOCUMENTED_JOB = "sulingang-diagnose-node-taint";

    private final WatchPolicy untilScheduled = WatchPolicy.defaults(WaitTarget.SCHEDULED)
            .withPolling(ms(5), ms(20))
            .withPendingTimeout(Duration.ofMinutes(10))
            .withDiagnosisTimeout(Duration.ofSeconds(20));
    private final ManualClock clock = new ManualClock();
    private Simulator sim;
    private CountingPlatform platform;
    private JobMonitor monitor;

    @BeforeEach
    void start() {
        clock.settleWithMonitor(() -> monitor);
        sim = Simulator.start(Scenario.bundled("seed-taint-and-gpu").withSpeed(0));
        platform = new CountingPlatform(SimClients.aihc(sim, POOL, null));
        monitor = newMonitor();
    }

    @AfterEach
    void stop() {
        monitor.close();
        platform.close();
        sim.close();
    }

    @Test
    void aJobOnHealthyNodesEndsScheduled() throws Exception {
        JobRef job = platform.submit(spec("small", "training", 2, 1), "tok-small");
        Outcome outcome = outcomeOf(monitor.watch(CONNECTION, job, untilScheduled, null));

        assertThat(outcome).isInstanceOf(Outcome.Scheduled.class);
        assertThat(((Outcome.Scheduled) outcome).status().workers())
                .allSatisfy(w -> assertThat(w.nodeName()).startsWith("gpu-node-"));
        assertThat(outcome.message()).contains("is scheduled: RUNNING");
    }

    @Test
    void aJobWatchedToTheEndCompletesWhenItsRunTimeHasPassed() throws Exception {
        JobRef job = platform.submit(spec("short", "training", 1, 1, "SIM_RUN_SECONDS", "30"), "tok-short");
        RecordingListener listener = new RecordingListener();
        Watch watch = monitor.watch(CONNECTION, job, policyUntil(WaitTarget.COMPLETED), listener);
        await("the job is seen running", () -> listener.sawPhase(JobPhase.RUNNING));
        sim.advanceClock(Duration.ofSeconds(30));

        Outcome outcome = outcomeOf(watch);
        assertThat(outcome).isInstanceOf(Outcome.Completed.class);
        assertThat(((Outcome.Completed) outcome).status().rawState()).isEqualTo("Succeeded");
    }

    /** A fault-tolerant job that reads Failed once while it runs (a restart) is not ended by that read. */
    @Test
    void aFaultTolerantJobsTransientFailedReadIsConfirmedBeforeTheWaitEnds() throws Exception {
        JobSpec base =
                SimSpecs.aihc("ft", "training", 1, 1, "SIM_RUN_SECONDS", "30", "SIM_TRANSIENT_FAILED_READS", "1");
        JobSpec tolerant = SimSpecs.edited(base, body -> body.put("faultTolerance", true));
        JobRef job = platform.submit(tolerant, "tok-ft");
        RecordingListener listener = new RecordingListener();
        Watch watch = monitor.watch(CONNECTION, job, policyUntil(WaitTarget.COMPLETED), listener);
        int readsAtStart = platform.statusCalls.get();
        await("reads past the transient Failed", () -> platform.statusCalls.get() >= readsAtStart + 3);
        assertThat(watch.outcome()).isNotDone();
        sim.advanceClock(Duration.ofSeconds(30));

        Outcome outcome = outcomeOf(watch);
        assertThat(outcome).isInstanceOf(Outcome.Completed.class);
        assertThat(listener.events(MonitorEvent.StateChanged.class))
                .extracting(e -> e.current().phase())
                .doesNotContain(JobPhase.FAILED);
    }

    @Test
    void aJobThatExitsNonZeroEndsJobFailed() throws Exception {
        JobRef job = platform.submit(
                spec("crash", "training", 1, 1, "SIM_RUN_SECONDS", "5", "SIM_EXIT_CODE", "3"), "tok-crash");
        RecordingListener listener = new RecordingListener();
        Watch watch = monitor.watch(CONNECTION, job, policyUntil(WaitTarget.COMPLETED), listener);
        await("the job is seen running", () -> listener.sawPhase(JobPhase.RUNNING));
        sim.advanceClock(Duration.ofSeconds(5));

        Outcome outcome = outcomeOf(watch);
        assertThat(outcome).isInstanceOf(Outcome.JobFailed.class);
        assertThat(((Outcome.JobFailed) outcome).status().phase()).isEqualTo(JobPhase.FAILED);
    }

    @Test
    void theDocumentedJobQueuedPastThePendingTimeoutEndsUnschedulableWithTheDocumentedReasons() throws Exception {
        JobRef job = platform.submit(spec(DOCUMENTED_JOB, "default", 1, 8), "tok-doc");
        sim.advanceClock(Duration.ofMinutes(5));
        RecordingListener listener = new RecordingListener();
        Watch watch = monitor.watch(CONNECTION, job, untilScheduled.withPendingTimeout(ms(20)), listener);

        await("several polls of a report not ready yet", () -> platform.fetchCalls.get() >= 3);
        assertThat(watch.outcome()).isNotDone();
        sim.advanceClock(Duration.ofSeconds(10));

        Outcome outcome = outcomeOf(watch);
        assertThat(outcome).isInstanceOf(Outcome.Unschedulable.class);
        DiagnosisReport report = ((Outcome.Unschedulable) outcome).report();
        // The analyzer's reading of the simulated diagnosis: the documented example, node for node.
        assertThat(reasonsByRule(report))
                .containsExactly(
                        Map.entry("GPUResourceDiagnostics", "insufficient nvidia.com/gpu: [10.3.0.[122-123]]"),
                        Map.entry("NodeAvailabilityDiagnostics", "node cordoned (unschedulable): [10.3.0.118]"),
                        Map.entry(
                                "NodeTaintToleranceDiagnostics",
                                "untolerated taint kwok.x-k8s.io/node: fake: [fake-node-a800-[01-04]]"));
        assertThat(report.verdict()).isEqualTo(Verdict.FITS_LATER);
        assertThat(report.nodeCount()).isEqualTo(7);
        assertThat(report.pods()).containsExactly(DOCUMENTED_JOB + "-master-0");
        assertThat(outcome.message()).startsWith("[aihc] Job " + DOCUMENTED_JOB + " cannot be scheduled: 7 nodes");
        assertThat(platform.launchCalls).hasValue(1);
        // The repeated "not ready" is said once, not at every poll.
        assertThat(listener.events(MonitorEvent.DiagnosisWaiting.class)).hasSize(1);
    }

    @Test
    void aDiagnosisRefusedBeforeFiveMinutesOfQueueingIsLaunchedOnceThePlatformAllowsIt() throws Exception {
        JobRef job = platform.submit(spec(DOCUMENTED_JOB, "default", 1, 8), "tok-doc");
        RecordingListener listener = new RecordingListener();
        Watch watch = monitor.watch(CONNECTION, job, untilScheduled.withPendingTimeout(ms(20)), listener);

        await("refusals by the pre-check", () -> platform.launchCalls.get() >= 3);
        assertThat(listener.events(MonitorEvent.DiagnosisWaiting.class))
                .isNotEmpty()
                .allSatisfy(e -> assertThat(e.reason()).contains("PreCheckError"));
        sim.advanceClock(Duration.ofMinutes(5));
        await("the diagnosis was accepted", () -> listener.saw(MonitorEvent.DiagnosisStarted.class));
        sim.advanceClock(Duration.ofSeconds(10));

        assertThat(outcomeOf(watch)).isInstanceOf(Outcome.Unschedulable.class);
    }

    @Test
    void anOutageInTheMiddleIsRetriedAndTheWatchCarriesOn() throws Exception {
        sim.cordon("gpu-node-01");
        sim.cordon("gpu-node-02");
        sim.cordon("gpu-node-03");
        sim.cordon("gpu-node-04");
        JobRef job = platform.submit(spec("outage", "training", 1, 1), "tok-outage");
        RecordingListener listener = new RecordingListener();
        Watch watch = monitor.watch(CONNECTION, job, untilScheduled, listener);
        await("the job is seen pending", () -> listener.sawPhase(JobPhase.PENDING));
        // Enough failures to outlast the client's own attempts, so the monitor has to retry too.
        sim.addFault(FaultRule.of(FaultKind.ERROR, "GET", "/api/v1/aijobs/*")
                .withStatus(503)
                .withTimes(10));
        await("the monitor retried", () -> listener.saw(MonitorEvent.Retrying.class));
        sim.uncordon("gpu-node-01");

        assertThat(outcomeOf(watch)).isInstanceOf(Outcome.Scheduled.class);
        assertThat(listener.events(MonitorEvent.Retrying.class))
                .allSatisfy(e -> assertThat(e.error()).isInstanceOf(TransientException.class));
    }

    @Test
    void anOutageThatPersistsEndsAClassifiedPlatformError() throws Exception {
        JobRef job = platform.submit(spec(DOCUMENTED_JOB, "default", 1, 8), "tok-doc");
        sim.addFault(FaultRule.of(FaultKind.ERROR, "GET", "/api/v1/aijobs/*").withStatus(503));

        Outcome outcome = outcomeOf(monitor.watch(CONNECTION, job, untilScheduled, null));
        assertThat(outcome).isInstanceOf(Outcome.PlatformError.class);
        assertThat(((Outcome.PlatformError) outcome).error()).isInstanceOf(TransientException.class);
        assertThat(outcome.message()).contains("HTTP 503");
    }

    @Test
    void cancellingWithoutStopLeavesTheJobQueued() throws Exception {
        JobRef job = platform.submit(spec(DOCUMENTED_JOB, "default", 1, 8), "tok-doc");
        Watch watch = monitor.watch(CONNECTION, job, untilScheduled, null);
        await("a poll", () -> platform.statusCalls.get() >= 1);

        Outcome.Cancelled outcome = (Outcome.Cancelled) settled(watch.cancel(false));
        assertThat(outcome.remoteStopped()).isFalse();
        assertThat(platform.status(job).phase()).isEqualTo(JobPhase.PENDING);
    }

    @Test
    void cancellingWithStopStopsTheJobOnThePlatformAndSaysSo() throws Exception {
        JobRef job = platform.submit(spec(DOCUMENTED_JOB, "default", 1, 8), "tok-doc");
        Watch watch = monitor.watch(CONNECTION, job, untilScheduled, null);
        await("a poll", () -> platform.statusCalls.get() >= 1);

        Outcome.Cancelled outcome = (Outcome.Cancelled) settled(watch.cancel(true));
        assertThat(outcome.remoteStopped()).isTrue();
        assertThat(outcome.lastStatus().phase()).isEqualTo(JobPhase.STOPPED);
        assertThat(outcome.message()).contains("job stopped: STOPPED");
        assertThat(platform.status(job).phase()).isEqualTo(JobPhase.STOPPED);
    }

    @Test
    void aWatchResumedFromItsSerializedStateReattachesToTheRunningDiagnosis() throws Exception {
        JobRef job = platform.submit(spec(DOCUMENTED_JOB, "default", 1, 8), "tok-doc");
        sim.advanceClock(Duration.ofMinutes(5));
        RecordingListener first = new RecordingListener();
        monitor.watch(CONNECTION, job, untilScheduled.withPendingTimeout(ms(20)), first);
        await("the diagnosis was launched", () -> first.states.stream().anyMatch(s -> s.diagnosisId() != null));
        byte[] saved = SerialForm.bytes(first.states.stream()
                .filter(s -> s.diagnosisId() != null)
                .findFirst()
                .get());
        monitor.close();

        monitor = newMonitor();
        sim.advanceClock(Duration.ofSeconds(10));
        Outcome outcome = outcomeOf(monitor.resume(SerialForm.read(saved, WatchState.class), null));

        assertThat(outcome).isInstanceOf(Outcome.Unschedulable.class);
        assertThat(platform.launchCalls).hasValue(1);
    }

    @Test
    void aThousandWatchesByManyCallersResolveThroughListPagesWithAFewMonitorThreads() throws Exception {
        for (int i = 1; i <= 4; i++) {
            sim.cordon("gpu-node-0" + i);
        }
        List<JobRef> jobs = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            jobs.add(platform.submit(spec(String.format("many-%03d", i), "training", 1, 0), "tok-" + i));
        }
        List<AtomicBoolean> sawPending = new ArrayList<>();
        List<Watch> watches = new ArrayList<>();
        // Two callers (builds) watch each of the 500 jobs.
        for (int caller = 0; caller < 2; caller++) {
            for (JobRef job : jobs) {
                AtomicBoolean saw = new AtomicBoolean();
                sawPending.add(saw);
                WatchListener listener = new WatchListener() {
                    @Override
                    public void onEvent(MonitorEvent event) {
                        if (event instanceof MonitorEvent.StateChanged c
                                && c.current().phase() == JobPhase.PENDING) {
                            saw.set(true);
                        }
                    }
                };
                watches.add(monitor.watch(CONNECTION, job, untilScheduled.withPolling(ms(20), ms(50)), listener));
            }
        }
        await("every watch saw its job pending", () -> sawPending.stream().allMatch(AtomicBoolean::get));
        int roundsBefore = platform.listRounds.get();
        int listCallsBefore = platform.listCalls.get();
        int statusCallsBefore = platform.statusCalls.get();
        for (int i = 1; i <= 4; i++) {
            sim.uncordon("gpu-node-0" + i);
        }

        settled(CompletableFuture.allOf(watches.stream().map(Watch::outcome).toArray(CompletableFuture[]::new)));
        for (Watch w : watches) {
            assertThat(w.outcome().get()).isInstanceOf(Outcome.Scheduled.class);
        }
        long monitorThreads = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("trainingjob-monitor"))
                .count();
        assertThat(monitorThreads).isLessThanOrEqualTo(1 + 4);
        // 500 jobs fill five pages of 100: a round reads at most five, however many watches it serves.
        // (One more round may have been under way when the counters were read.)
        int rounds = platform.listRounds.get() - roundsBefore + 1;
        assertThat(platform.listCalls.get() - listCallsBefore).isPositive().isLessThanOrEqualTo(rounds * 5);
        assertThat(platform.statusCalls.get() - statusCallsBefore).isZero();
    }

    private JobMonitor newMonitor() {
        MonitorSettings settings = MonitorSettings.defaults()
                .withCallThreads(4)
                .withRetries(ms(300), ms(5), ms(20))
                .withStopConfirmation(Duration.ofSeconds(5), ms(5));
        return new JobMonitor(id -> platform, clock, settings);
    }

    private WatchPolicy policyUntil(WaitTarget target) {
        return new WatchPolicy(
                target, Duration.ofMinutes(10), Duration.ofSeconds(20), null, ms(5), ms(20), Duration.ofMinutes(5));
    }

    /** Rule → "label: folded nodes" of each reason, as the report states them. */
    private static Map<String, String> reasonsByRule(DiagnosisReport report) {
        Map<String, String> out = new TreeMap<>();
        for (DiagnosisReport.RuleGroup rule : report.rules()) {
            for (DiagnosisReport.ReasonGroup reason : rule.reasons()) {
                String nodes =
                        reason.nodes().stream().map(NodeRange::folded).toList().toString();
                out.merge(rule.rule(), reason.label() + ": " + nodes, (a, b) -> a + "; " + b);
            }
        }
        return out;
    }

    private static JobSpec spec(String name, String queue, int replicas, int gpus, String... env) {
        return SimSpecs.aihc(name, queue, replicas, gpus, env);
    }

    private Outcome outcomeOf(Watch watch) throws Exception {
        return settled(watch.outcome());
    }

    /** Moves the monitor's clock until {@code result} is complete, then returns it. */
    private <T> T settled(CompletableFuture<T> result) throws Exception {
        clock.runUntil("the result", result::isDone);
        return result.get(20, TimeUnit.SECONDS);
    }

    private static Duration ms(long millis) {
        return Duration.ofMillis(millis);
    }

    /** Moves the monitor's clock until {@code condition} holds (fails the test after a minute of it). */
    private void await(String what, BooleanSupplier condition) {
        clock.runUntil(what, condition);
    }
}
