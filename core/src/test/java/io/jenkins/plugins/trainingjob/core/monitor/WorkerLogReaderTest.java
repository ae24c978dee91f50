package io.jenkins.plugins.trainingjob.core.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.JobLogs;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.LogChunk;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.spec.OutputRule;
import io.jenkins.plugins.trainingjob.core.spec.OutputRules;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class WorkerLogReaderTest {

    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "job-1", "sweep-lr1");

    /** A platform serving logs as AIHC does: pages of at most maxLines, the marker a line offset. */
    static final class LoggingPlatform extends FakePlatform implements JobLogs {
        final Map<String, List<String>> logs;
        final List<String> asked = new ArrayList<>();
        volatile RuntimeException failure;

        LoggingPlatform(Map<String, List<String>> logs) {
            this.logs = logs;
        }

        @Override
        public LogChunk logs(JobRef job, String worker, String marker, int maxLines) {
            asked.add(worker);
            if (failure != null) {
                throw failure;
            }
            List<String> all = logs.getOrDefault(worker, List.of());
            int from = marker == null ? 0 : Integer.parseInt(marker);
            int to = Math.min(all.size(), from + maxLines);
            return new LogChunk(all.subList(Math.min(from, to), to), Integer.toString(to));
        }
    }

    private static JobStatus finished(String... workers) {
        return new JobStatus(
                JOB,
                JobPhase.SUCCEEDED,
                "Succeeded",
                null,
                null,
                null,
                null,
                "",
                java.util.Arrays.stream(workers)
                        .map(w -> new WorkerStatus(w, "node-1", "Succeeded", ""))
                        .toList(),
                null);
    }

    @Test
    void outputsComeFromTheMastersLog() {
        LoggingPlatform platform = new LoggingPlatform(Map.of(
                "sweep-lr1-master-0", List.of("step 1", "trainjob-output accuracy=0.91"),
                "sweep-lr1-worker-0", List.of("trainjob-output accuracy=0.10")));
        JobOutputs outputs = WorkerLogReader.outputs(
                platform, finished("sweep-lr1-worker-0", "sweep-lr1-master-0"), OutputRules.none());
        assertThat(outputs.values()).containsExactly(Map.entry("accuracy", "0.91"));
        assertThat(outputs.worker()).isEqualTo("sweep-lr1-master-0");
        assertThat(outputs.unavailable()).isEmpty();
        assertThat(outputs.notes()).isEmpty();
    }

    @Test
    void aDeclaredOutputTheLogDoesNotHoldIsNamedInTheNotes() {
        LoggingPlatform platform = new LoggingPlatform(Map.of("w-0", List.of("eval accuracy: 0.9")));
        OutputRules rules = OutputRules.of(List.of(
                new OutputRule("loss", Pattern.compile("loss: ([0-9.]+)")),
                new OutputRule("accuracy", Pattern.compile("eval accuracy: ([0-9.]+)")),
                new OutputRule("f1", Pattern.compile("f1: ([0-9.]+)"))));

        JobOutputs outputs = WorkerLogReader.outputs(platform, finished("w-0"), rules);

        assertThat(outputs.values()).containsExactly(Map.entry("accuracy", "0.9"));
        assertThat(outputs.notes()).containsExactly("declared outputs f1, loss not found in worker w-0's log");
    }

    @Test
    void aLongLogIsReadInPagesUpToTheBoundAndTheResultSaysItWasCut() {
        List<String> lines = new ArrayList<>(IntStream.range(0, WorkerLogReader.MAX_LINES)
                .mapToObj(i -> "step " + i)
                .toList());
        lines.set(10, "trainjob-output early=1");
        lines.add("trainjob-output late=2");
        LoggingPlatform platform = new LoggingPlatform(Map.of("w-0", lines));
        JobOutputs outputs = WorkerLogReader.outputs(platform, finished("w-0"), OutputRules.none());
        assertThat(outputs.values()).containsExactly(Map.entry("early", "1"));
        assertThat(outputs.notes())
                .containsExactly("read the first 20000 lines of worker w-0's log; outputs"
                        + " printed after them were not read");
        assertThat(platform.asked).hasSize(WorkerLogReader.MAX_LINES / WorkerLogReader.PAGE_LINES + 1);
    }

    @Test
    void aLogOfExactlyTheBoundIsNotCalledCut() {
        List<String> lines = IntStream.range(0, WorkerLogReader.MAX_LINES)
                .mapToObj(i -> "step " + i)
                .toList();
        WorkerLog log = WorkerLogReader.read(new LoggingPlatform(Map.of("w-0", lines)), JOB, "w-0");
        assertThat(log.lines()).hasSize(WorkerLogReader.MAX_LINES);
        assertThat(log.cut()).isFalse();
    }

    @Test
    void senseCoreSaysItServesNoLogsInsteadOfAnEmptyMap() {
        FakePlatform senseCore = new FakePlatform(PlatformKind.SENSECORE);
        JobStatus status = new JobStatus(
                new JobRef(PlatformKind.SENSECORE, "pt-1", "pt-1"),
                JobPhase.SUCCEEDED,
                "SUCCEEDED",
                null,
                null,
                null,
                null,
                "",
                List.of(new WorkerStatus("pt-1-worker-0", "", "", "")),
                null);
        JobOutputs outputs = WorkerLogReader.outputs(senseCore, status, OutputRules.none());
        assertThat(outputs.isAvailable()).isFalse();
        assertThat(outputs.unavailable()).startsWith("SenseCore serves no job logs through its API");
        assertThat(outputs.values()).isEmpty();
    }

    @Test
    void aFailedReadIsSaidNotThrown() {
        LoggingPlatform platform = new LoggingPlatform(Map.of());
        platform.failure = TransientException.malformed(PlatformKind.AIHC, "GET logs", 502, "", "not JSON");
        JobOutputs outputs = WorkerLogReader.outputs(platform, finished("w-0"), OutputRules.none());
        assertThat(outputs.unavailable()).startsWith("could not read the log of worker w-0: ");
    }

    @Test
    void theTailIsTheLastLinesStrippedForAConsole() {
        List<String> lines = new ArrayList<>(
                IntStream.range(0, 80).mapToObj(i -> "line " + i).toList());
        lines.add("Traceback \u001b[2J(most recent call last)\r");
        WorkerLogReader.LogTail tail = WorkerLogReader.tail(new LoggingPlatform(Map.of("w-0", lines)), JOB, "w-0");
        assertThat(tail.lines()).hasSize(WorkerLogReader.TAIL_LINES);
        assertThat(tail.lines().get(0)).isEqualTo("line 31");
        assertThat(tail.lines().get(WorkerLogReader.TAIL_LINES - 1)).isEqualTo("Traceback (most recent call last) ");
        assertThat(tail.note()).isEmpty();
    }

    @Test
    void aHugeTailLineIsCutAndTheCutIsSaid() {
        String huge = "x".repeat(50_000);
        WorkerLogReader.LogTail tail = WorkerLogReader.tail(
                new LoggingPlatform(Map.of("w-0", List.of("short", huge, "bad \uD800 char"))), JOB, "w-0");
        assertThat(tail.lines().get(0)).isEqualTo("short");
        assertThat(tail.lines().get(1))
                .startsWith("x".repeat(WorkerLogReader.MAX_LINE_CHARS))
                .endsWith("[" + (50_000 - WorkerLogReader.MAX_LINE_CHARS) + " more characters cut]")
                .hasSizeLessThan(WorkerLogReader.MAX_LINE_CHARS + 40);
        assertThat(tail.lines().get(2)).as("a lone surrogate is not text").isEqualTo("bad  char");
        assertThat(tail.note())
                .isEqualTo("1 line longer than " + WorkerLogReader.MAX_LINE_CHARS + " characters was cut");
    }

    @Test
    void noTailWithoutANamedWorker() {
        WorkerLogReader.LogTail tail = WorkerLogReader.tail(new LoggingPlatform(Map.of()), JOB, "");
        assertThat(tail.lines()).isEmpty();
        assertThat(tail.note()).isEqualTo("the platform named no failing worker; no log tail read");
    }
}
