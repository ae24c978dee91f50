package io.jenkins.plugins.trainingjob.cli.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.cli.CliEnvironment;
import io.jenkins.plugins.trainingjob.cli.ManualInterrupts;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The live status line: what it says, and that it is only ever drawn on a terminal that allows colour. */
class LiveStatusLineTest {
    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-1b2c", "llama-sft-1");

    @Test
    void theLineSaysStateQueuePositionPlacedWorkersAndTimeWaited() {
        JobStatus pending = new JobStatus(
                JOB,
                JobPhase.PENDING,
                "Created",
                null,
                null,
                null,
                2,
                "",
                List.of(new WorkerStatus("w-0", "", "Pending", ""), new WorkerStatus("w-1", "n1", "Running", "")),
                null);
        assertThat(LiveStatusLine.text(JOB, pending, "waiting", Duration.ofSeconds(65), 0))
                .isEqualTo("| [aihc] llama-sft-1 PENDING (Created) · queue #2 · 1/2 placed · waiting 1m 5s");
        assertThat(LiveStatusLine.text(JOB, null, "waiting", Duration.ofMillis(3400), 1))
                .isEqualTo("/ [aihc] llama-sft-1 · waiting 3s");
        assertThat(LiveStatusLine.text(JOB, null, "waiting", Duration.ofMillis(12), 2))
                .endsWith("waiting 0s");
    }

    @Test
    void aPendingJobsLineShowsTheEstimatedStartAsARangeAndNothingWithoutOne() {
        JobStatus pending = new JobStatus(JOB, JobPhase.PENDING, "Created", null, null, null, 3, "", List.of(), null);
        Eta eta = Eta.estimate(
                Duration.ofMinutes(25), Duration.ofMinutes(40), Duration.ofMinutes(70), 3, 24, "the real waits");
        assertThat(LiveStatusLine.text(JOB, pending, "waiting", Duration.ofSeconds(65), 0, eta))
                .isEqualTo("| [aihc] llama-sft-1 PENDING (Created) · queue #3 · waiting 1m 5s"
                        + " · starts in 25-70 min (p50 40 min)");
        // no basis: the reason is a progress line of its own, the live line carries no invented number
        assertThat(LiveStatusLine.text(
                        JOB, pending, "waiting", Duration.ofSeconds(65), 0, Eta.noBasis(3, Duration.ofDays(7))))
                .isEqualTo("| [aihc] llama-sft-1 PENDING (Created) · queue #3 · waiting 1m 5s");
        // once it started, a start estimate is news of the past
        JobStatus starting =
                new JobStatus(JOB, JobPhase.STARTING, "Created", null, null, null, null, "", List.of(), null);
        assertThat(LiveStatusLine.text(JOB, starting, "waiting", Duration.ofSeconds(65), 0, eta))
                .doesNotContain("starts in");
    }

    @Test
    void theLiveLineOnATerminalCarriesTheEstimateOnceTheWatchHasOneAndCountsItDown() throws Exception {
        StringWriter err = new StringWriter();
        Terminal terminal = terminal(true, Map.of(), err);
        Eta eta = Eta.estimate(
                Duration.ofMinutes(25), Duration.ofMinutes(40), Duration.ofMinutes(70), 3, 24, "the real waits");
        // The line's seconds, its redraws and the count-down all run on the command's time source: here a
        // manual clock, whose timers fire on this thread as it moves, so every frame is known exactly.
        ManualClock clock = new ManualClock(java.time.Instant.parse("2026-01-01T00:00:00Z"));
        try (LiveStatusLine live = new LiveStatusLine(terminal, clock, JOB)) {
            live.update(new JobStatus(JOB, JobPhase.PENDING, "Created", null, null, null, 3, "", List.of(), null));
            live.eta(eta);
            assertThat(err.toString()).as("no frame before time moves").isEmpty();

            clock.advance(Duration.ZERO);
            assertThat(lastFrame(err))
                    .isEqualTo("| [aihc] " + JOB.name()
                            + " PENDING (Created) · queue #3 · waiting 0s · starts in 25-70 min (p50 40 min)");

            // ten minutes on, with no new estimate from the watch, the same one counts down
            clock.advance(Duration.ofMinutes(10));
            assertThat(lastFrame(err))
                    .endsWith("PENDING (Created) · queue #3 · waiting 10m · starts in 15-60 min (p50 30 min)");
            assertThat(frames(err)).as("one frame a second, the first at once").isEqualTo(601);
        }
        assertThat(clock.pendingTimers())
                .as("closing the line stops its redraws")
                .isZero();
    }

    private static List<String> framesOf(StringWriter err) {
        return List.of(err.toString().split("\r\u001b\\[2K"));
    }

    private static long frames(StringWriter err) {
        return framesOf(err).stream().filter(f -> !f.isEmpty()).count();
    }

    private static String lastFrame(StringWriter err) {
        List<String> all = framesOf(err);
        return all.get(all.size() - 1);
    }

    @Test
    void aTerminalRewritesTheLiveLineAndKeepsProgressLinesAboveIt() {
        StringWriter err = new StringWriter();
        Terminal terminal = terminal(true, Map.of(), err);
        assertThat(terminal.live()).isTrue();
        terminal.showLive("one");
        terminal.progress("a state change");
        terminal.showLive("two");
        terminal.endLive();
        assertThat(err.toString()).isEqualTo("one\r\u001b[2Ka state change\n" + "one\r\u001b[2Ktwo\r\u001b[2K");
    }

    @Test
    void noColourDumbTerminalsRedirectedStreamsAndQuietGetNoLiveLine() {
        assertThat(terminal(true, Map.of("NO_COLOR", "1"), new StringWriter()).live())
                .isFalse();
        assertThat(terminal(true, Map.of("TERM", "dumb"), new StringWriter()).live())
                .isFalse();
        assertThat(terminal(false, Map.of(), new StringWriter()).live()).isFalse();
        CliEnvironment env = env(true, Map.of(), new StringWriter());
        assertThat(new Terminal(env, OutputFormat.TEXT, true).live()).isFalse();
    }

    private static Terminal terminal(boolean interactive, Map<String, String> vars, StringWriter err) {
        return new Terminal(env(interactive, vars, err), OutputFormat.TEXT);
    }

    private static CliEnvironment env(boolean interactive, Map<String, String> vars, StringWriter err) {
        return new CliEnvironment(
                new HashMap<>(vars),
                Path.of("/nonexistent"),
                new PrintWriter(new StringWriter()),
                new PrintWriter(err),
                interactive,
                new ManualInterrupts(),
                s -> {
                    throw new AssertionError("no platform here");
                },
                TimeSource.system());
    }
}
