package io.jenkins.plugins.trainingjob.simulator.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorSettings;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.monitor.Watch;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreClient;
import io.jenkins.plugins.trainingjob.core.testkit.CountingPlatform;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import io.jenkins.plugins.trainingjob.core.testkit.RecordingListener;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.SimSpecs;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * The job monitor against the simulated SenseCore ACP API (workspace sim-ws: 16 GPUs reserved in pool
 * sim-pool; sc-node-01 has 8 GPUs free, sc-node-02 4), through the real {@link SenseCoreClient}. SenseCore
 * has no diagnosis API: the client gathers evidence and the analyzer derives the report. The monitor runs
 * on a {@link ManualClock} the test advances, settling with the monitor's idle state after each timer.
 */
// Starts job monitors, whose threads JobMonitorSimulatorTest counts.
@ResourceLock("job monitor threads")
class JobMonitorSenseCoreSimulatorTest {
    private static final String CONNECTION = "sim-sensecore";
    private static final String POOL = "sim-pool";

    private final WatchPolicy untilScheduled = WatchPolicy.defaults(WaitTarget.SCHEDULED)
            .withPolling(Duration.ofMillis(5), Duration.ofMillis(20))
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
        ConnectionSettings settings = ConnectionSettings.senseCore(
                sim.baseUrl(),
                null,
                Credentials.of("sim-access-key", "sim-secret-key"),
                "sim-sub",
                "default",
                "cn-sh-01z",
                "sim-ws");
        platform = new CountingPlatform(SenseCoreClient.builder(settings)
                .time(ManualClock.startingNow())
                .createLookups(1, Duration.ZERO)
                .build());
        monitor = new JobMonitor(
                id -> platform,
                clock,
                MonitorSettings.defaults()
                        .withRetries(Duration.ofMillis(300), Duration.ofMillis(5), Duration.ofMillis(20))
                        .withStopConfirmation(Duration.ofSeconds(5), Duration.ofMillis(5)));
    }

    @AfterEach
    void stop() {
        monitor.close();
        platform.close();
        sim.close();
    }

    @Test
    void aQueuedJobThatGetsTheGpusOfAFinishedOneEndsScheduled() throws Exception {
        platform.submit(SimSpecs.senseCore("holder", POOL, "N6lS.Iu.I80.8", 1, "SIM_RUN_SECONDS", "20"), "tok-h");
        JobRef waiting = platform.submit(SimSpecs.senseCore("next", POOL, "N6lS.Iu.I80.8", 1), "tok-n");
        RecordingListener listener = new RecordingListener();
        Watch watch = monitor.watch(CONNECTION, waiting, untilScheduled, listener);
        await("the job is seen queueing", () -> listener.sawPhase(JobPhase.PENDING));
        sim.advanceClock(Duration.ofSeconds(20));

        Outcome outcome = outcome(watch);
        assertThat(outcome).isInstanceOf(Outcome.Scheduled.class);
        assertThat(outcome.message()).startsWith("[sensecore] job next");
    }

    @Test
    void aJobTooWideForTheFreeNodesEndsUnschedulableWithAReportFromTheEvidence() throws Exception {
        JobRef job = platform.submit(SimSpecs.senseCore("wide", POOL, "N6lS.Iu.I80.8", 2), "tok-w");
        Outcome outcome =
                outcome(monitor.watch(CONNECTION, job, untilScheduled.withPendingTimeout(Duration.ofMillis(20)), null));

        assertThat(outcome).isInstanceOf(Outcome.Unschedulable.class);
        DiagnosisReport report = ((Outcome.Unschedulable) outcome).report();
        assertThat(report.job()).isEqualTo(job);
        assertThat(report.headline()).isNotBlank();
        assertThat(report.rules()).isNotEmpty();
        assertThat(platform.launchCalls).hasValue(1);
        assertThat(outcome.message())
                .startsWith("[sensecore] " + report.headline().substring(0, 20));
        assertThat(outcome.message().lines())
                .allSatisfy(line -> assertThat(line).hasSizeLessThanOrEqualTo(100));
    }

    @Test
    void cancellingWithStopSuspendsTheJob() throws Exception {
        JobRef job = platform.submit(SimSpecs.senseCore("wide", POOL, "N6lS.Iu.I80.8", 2), "tok-w");
        RecordingListener listener = new RecordingListener();
        Watch watch = monitor.watch(CONNECTION, job, untilScheduled, listener);
        await("the job is seen queueing", () -> listener.sawPhase(JobPhase.PENDING));

        Outcome.Cancelled outcome = (Outcome.Cancelled) settled(watch.cancel(true));
        assertThat(outcome.remoteStopped()).isTrue();
        assertThat(outcome.lastStatus().phase()).isEqualTo(JobPhase.STOPPED);
        assertThat(outcome.message()).contains("job stopped: STOPPED (SUSPEND");
        assertThat(platform.cancelCalls).hasValue(1);
    }

    @Test
    void severalWatchesInOneWorkspaceAreRefreshedThroughTheJobList() throws Exception {
        sim.cordon("sc-node-01");
        sim.cordon("sc-node-02");
        List<Watch> watches = new ArrayList<>();
        List<RecordingListener> listeners = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            JobRef job = platform.submit(SimSpecs.senseCore("small-" + i, POOL, "N6lS.Iu.I80.1", 1), "tok-" + i);
            RecordingListener listener = new RecordingListener();
            listeners.add(listener);
            watches.add(monitor.watch(CONNECTION, job, untilScheduled, listener));
        }
        await("every job seen queueing", () -> listeners.stream().allMatch(l -> l.sawPhase(JobPhase.PENDING)));
        int statusCallsBefore = platform.statusCalls.get();
        sim.uncordon("sc-node-01");
        sim.uncordon("sc-node-02");

        for (Watch w : watches) {
            assertThat(outcome(w)).isInstanceOf(Outcome.Scheduled.class);
        }
        assertThat(platform.listRounds.get()).isPositive();
        assertThat(platform.statusCalls.get()).isEqualTo(statusCallsBefore);
    }

    private Outcome outcome(Watch watch) throws Exception {
        return settled(watch.outcome());
    }

    /** Moves the monitor's clock until {@code result} is complete, then returns it. */
    private <T> T settled(CompletableFuture<T> result) throws Exception {
        clock.runUntil("the result", result::isDone);
        return result.get(20, TimeUnit.SECONDS);
    }

    /** Moves the monitor's clock until {@code condition} holds (fails the test after a minute of it). */
    private void await(String what, BooleanSupplier condition) {
        clock.runUntil(what, condition);
    }
}
