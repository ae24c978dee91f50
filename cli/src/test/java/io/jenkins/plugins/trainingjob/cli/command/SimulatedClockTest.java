package io.jenkins.plugins.trainingjob.cli.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The demo's monitor clock: the simulator's time, for "now" and for the waits alike. */
class SimulatedClockTest {

    @Test
    void nowIsTheSimulatorsTime() {
        try (Simulator sim =
                        Simulator.start(Scenario.bundled(DemoCommand.SCENARIO).withSpeed(1));
                SimulatedClock clock = new SimulatedClock(sim)) {
            Instant moved = sim.advanceClock(Duration.ofHours(1));

            Instant before = sim.now();
            Instant now = clock.now();
            Instant after = sim.now();
            assertThat(now).isAfterOrEqualTo(moved).isBetween(before, after);
        }
    }

    @Test
    void aTimerFiresOnceItsSimulatedTimeHasCome() throws Exception {
        // ten simulated minutes a real second: a simulated minute is a tenth of a real second
        try (Simulator sim =
                        Simulator.start(Scenario.bundled(DemoCommand.SCENARIO).withSpeed(600));
                SimulatedClock clock = new SimulatedClock(sim)) {
            Instant due = clock.now().plus(Duration.ofMinutes(1));
            CompletableFuture<Instant> firedAt = new CompletableFuture<>();

            clock.schedule(() -> firedAt.complete(sim.now()), Duration.ofMinutes(1));

            assertThat(firedAt.get(30, TimeUnit.SECONDS)).isAfterOrEqualTo(due);
        }
    }

    @Test
    void aCancelledTimerNeverFires() throws Exception {
        try (Simulator sim =
                        Simulator.start(Scenario.bundled(DemoCommand.SCENARIO).withSpeed(600));
                SimulatedClock clock = new SimulatedClock(sim)) {
            CompletableFuture<Void> cancelled = new CompletableFuture<>();
            CompletableFuture<Void> later = new CompletableFuture<>();

            clock.schedule(() -> cancelled.complete(null), Duration.ofMinutes(1))
                    .cancel();
            clock.schedule(() -> later.complete(null), Duration.ofMinutes(2));

            later.get(30, TimeUnit.SECONDS);
            assertThat(cancelled).isNotDone();
        }
    }

    @Test
    void aFrozenSimulatorClockCannotTimeWaits() {
        try (Simulator sim =
                Simulator.start(Scenario.bundled(DemoCommand.SCENARIO).withSpeed(0))) {
            assertThatThrownBy(() -> new SimulatedClock(sim))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("a frozen simulator clock (speed 0.0) cannot time waits");
        }
    }
}
