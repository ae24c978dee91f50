package io.jenkins.plugins.trainingjob.core.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The manual clock the monitor tests stand on: timers fire in due order, at their due time, only when moved. */
class ManualClockTest {
    private final ManualClock clock = new ManualClock(Instant.parse("2026-03-01T08:00:00Z"));
    private final List<String> fired = new ArrayList<>();

    @Test
    void timersFireInDueOrderAtTheirDueTimeAndTimeEndsAtTheTarget() {
        clock.schedule(() -> fired.add("b@" + clock.now()), Duration.ofSeconds(20));
        clock.schedule(() -> fired.add("a@" + clock.now()), Duration.ofSeconds(10));
        clock.schedule(() -> fired.add("c@" + clock.now()), Duration.ofSeconds(20));
        clock.schedule(() -> fired.add("late"), Duration.ofMinutes(5));

        clock.advance(Duration.ofMinutes(1));

        assertThat(fired).containsExactly("a@2026-03-01T08:00:10Z", "b@2026-03-01T08:00:20Z", "c@2026-03-01T08:00:20Z");
        assertThat(clock.now()).isEqualTo(Instant.parse("2026-03-01T08:01:00Z"));
        assertThat(clock.pendingTimers()).isEqualTo(1);
    }

    @Test
    void nothingFiresUntilTheClockMovesAndADueTimerFiresAtTheNextMoveEvenOfZero() {
        clock.schedule(() -> fired.add("now"), Duration.ZERO);
        assertThat(fired).isEmpty();

        clock.advance(Duration.ZERO);

        assertThat(fired).containsExactly("now");
    }

    @Test
    void aTimerSetByAFiredOneFiresTooWhenItFallsDueWithinTheMove() {
        Runnable[] tick = new Runnable[1];
        tick[0] = () -> {
            fired.add(clock.now().toString());
            clock.schedule(tick[0], Duration.ofSeconds(30));
        };
        clock.schedule(tick[0], Duration.ofSeconds(30));

        clock.advance(Duration.ofMinutes(2));

        assertThat(fired)
                .containsExactly(
                        "2026-03-01T08:00:30Z", "2026-03-01T08:01:00Z", "2026-03-01T08:01:30Z", "2026-03-01T08:02:00Z");
    }

    @Test
    void aCancelledTimerNeverFires() {
        clock.schedule(() -> fired.add("cancelled"), Duration.ofSeconds(1)).cancel();

        clock.advance(Duration.ofHours(1));

        assertThat(fired).isEmpty();
        assertThat(clock.pendingTimers()).isZero();
    }

    @Test
    void theSettleHookRunsBeforeEveryTimerAndAtTheEnd() {
        clock.settleWith(() -> fired.add("settle"));
        clock.schedule(() -> fired.add("timer"), Duration.ofSeconds(1));

        clock.advance(Duration.ofSeconds(2));

        assertThat(fired).containsExactly("settle", "timer", "settle");
    }

    @Test
    void advanceUntilStopsAtTheConditionAndRunUntilFailsWhenItNeverComes() {
        int[] ticks = new int[1];
        Runnable[] tick = new Runnable[1];
        tick[0] = () -> {
            ticks[0]++;
            clock.schedule(tick[0], Duration.ofSeconds(1));
        };
        clock.schedule(tick[0], Duration.ofSeconds(1));

        assertThat(clock.advanceUntil(() -> ticks[0] == 3, Duration.ofMinutes(1)))
                .isTrue();
        assertThat(clock.now()).isEqualTo(Instant.parse("2026-03-01T08:00:03Z"));
        assertThatThrownBy(() -> clock.runUntil("a tick that never comes", () -> false))
                .isInstanceOf(AssertionError.class)
                .hasMessage("never happened within a minute of manual time: a tick that never comes");
    }

    @Test
    void aSleepMovesItsTimeFiresTheTimersOnTheWayAndIsRecorded() throws Exception {
        clock.schedule(() -> fired.add("a@" + clock.now()), Duration.ofSeconds(30));
        clock.sleep(Duration.ZERO);
        clock.sleep(Duration.ofSeconds(90));

        assertThat(clock.now()).isEqualTo(Instant.parse("2026-03-01T08:01:30Z"));
        assertThat(fired).containsExactly("a@2026-03-01T08:00:30Z");
        assertThat(clock.sleeps()).containsExactly(Duration.ZERO, Duration.ofSeconds(90));
        assertThatThrownBy(() -> clock.advance(Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aSleepOnAnInterruptedThreadEndsAtOnceAsARealOneDoes() throws Exception {
        clock.onSleep(() -> Thread.currentThread().interrupt());

        assertThatThrownBy(() -> clock.sleep(Duration.ofSeconds(5))).isInstanceOf(InterruptedException.class);
        assertThat(Thread.currentThread().isInterrupted())
                .as("the flag is cleared, as by Thread.sleep")
                .isFalse();
        assertThat(clock.now()).isEqualTo(Instant.parse("2026-03-01T08:00:00Z"));
        clock.sleep(Duration.ZERO); // a wait of zero is no wait: nothing to interrupt
        assertThat(Thread.interrupted()).isTrue();
        assertThat(clock.sleeps()).containsExactly(Duration.ofSeconds(5), Duration.ZERO);
    }
}
