package io.jenkins.plugins.trainingjob.simulator.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorSettings;
import io.jenkins.plugins.trainingjob.core.monitor.WaitBudget;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.monitor.WatchListener;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.testkit.CountingPlatform;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.SimClients;
import io.jenkins.plugins.trainingjob.simulator.SimSpecs;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Many watches of one busy queue, each estimating its job's start every round, through the real monitor and
 * the real AIHC client against the simulator's workload world: the queue's history is read once per round
 * for all of them (plus the round's one status refresh), not once per watch. The scale benchmark's figure
 * for 10,000 watches rests on the same cache; this is its request count at a size a unit test can afford.
 */
// Starts job monitors, whose threads JobMonitorSimulatorTest counts.
@ResourceLock("job monitor threads")
class WorkloadHistoryReadsTest {

    private static final String CONNECTION = "sim-workload";
    private static final int WATCHES = 300;
    private static final int ROUNDS = 10;
    private static final Duration ROUND = Duration.ofSeconds(30);

    @Test
    void threeHundredEstimatingWatchesOfOneQueueReadItsHistoryOncePerRound() {
        try (Simulator sim = Simulator.start(Scenario.bundled("workload").withSpeed(0))) {
            // the monitor's time starts at the simulator's now, so the replayed history is the last hour
            ManualClock clock = new ManualClock(sim.now());
            CountingPlatform platform = new CountingPlatform(SimClients.aihc(sim, "cce-workload", "default"));
            JobMonitor[] monitor = new JobMonitor[1];
            clock.settleWithMonitor(() -> monitor[0]);
            monitor[0] = new JobMonitor(
                    id -> platform, clock, MonitorSettings.defaults().withCallThreads(4));
            try {
                // rounds of 30 s: the poll cap, and how long one history read serves (MonitorRuntime)
                WatchPolicy everyRound = WatchPolicy.defaults(WaitTarget.SCHEDULED)
                        .withPolling(ROUND, ROUND)
                        .withPendingTimeout(Duration.ofHours(1))
                        .withHeartbeat(Duration.ofHours(1));
                List<AtomicBoolean> estimated = new ArrayList<>();
                for (int i = 0; i < WATCHES; i++) {
                    JobRef job = platform.submit(
                            SimSpecs.aihc(String.format("watched-%03d", i), "default", 2, 8), "tok-" + i);
                    AtomicBoolean got = new AtomicBoolean();
                    estimated.add(got);
                    monitor[0].watch(
                            CONNECTION, job, everyRound, new WaitBudget(null, null, true), new WatchListener() {
                                @Override
                                public void onEvent(MonitorEvent event) {
                                    if (event instanceof MonitorEvent.EtaChanged) {
                                        got.set(true);
                                    }
                                }
                            });
                }
                clock.runUntil(
                        "every watch has an estimate", () -> estimated.stream().allMatch(AtomicBoolean::get));
                int before = platform.listRounds.get();
                clock.advance(ROUND.multipliedBy(ROUNDS));
                int listReads = platform.listRounds.get() - before;
                // per round: one status refresh of the connection and one history read of its queue (a round
                // under way at either end may add one of each), where a read per watch would be 300 a round
                assertThat(listReads).as("list reads in %d rounds", ROUNDS).isBetween(ROUNDS + 1, 2 * (ROUNDS + 1));
                assertThat(platform.statusCalls.get()).isZero();
            } finally {
                monitor[0].close();
                platform.close();
            }
        }
    }
}
