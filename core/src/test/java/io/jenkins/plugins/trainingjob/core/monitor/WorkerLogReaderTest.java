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
import io.jenkins.plugins.trainingjob.core.testkit.EndlessLog;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class WorkerLogReaderTest {

    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "job-1", "sweep-lr1");
    private static final String NONCE = "0123456789abcdef0123456789abcdef";
    private static final OutputRules ACCURACY_AND_CHECKPOINT = OutputRules.of(List.of(
            new OutputRule("accuracy", com.google.re2j.Pattern.compile("eval accuracy: ([0-9.]+)")),
            OutputRule.fromLineConvention("checkpoint")));

    /** A platform serving logs as AIHC does: pages of at most maxLines, the marker a line offset. */
    static class LoggingPlatform extends FakePlatform implements JobLogs {
        final Map<String, List<String>> logs;
        final List<String> asked = new CopyOnWriteArrayList<>();
        final List<String> readOn = new CopyOnWriteArrayList<>();
        volatile RuntimeException failure;
        volatile int failAfterPages = -1;
        String nonce = NONCE;

        LoggingPlatform(Map<String, List<String>> logs) {
            this.logs = logs;
        }

        @Override
        public LogChunk logs(JobRef job, String worker, String marker, int maxLines) {
            asked.add(worker);
            readOn.add(Thread.currentThread().getName());
            if (failure != null && (failAfterPages < 0 || asked.size() > failAfterPages)) {
                throw failure;
            }
            List<String> all = logs.getOrDefault(worker, List.of());
            int from = marker == null ? 0 : Integer.parseInt(marker);
            int to = Math.min(all.size(), from + maxLines);
            return new LogChunk(all.subList(Math.min(from, to), to), Integer.toString(to));
        }

        @Override
        public Optional<String> outputNonce(JobRef job) {
            return Optional.ofNullable(nonce);
        }
    }

    static JobStatus ended(JobPhase phase, String... workers) {
        return new JobStatus(
                JOB,
                phase,
                phase.name(),
                null,
                null,
                null,
                null,
                "",
                java.util.Arrays.stream(workers)
                        .map(w -> new WorkerStatus(w, "node-1", phase.name(), ""))
                        .toList(),
                null);
    }

    static JobEndRead completed(FakePlatform platform, OutputRules rules, String... workers) {
        return WorkerLogReader.read(
                platform, JOB, new Outcome.Completed(ended(JobPhase.SUCCEEDED, workers)), rules, () -> false);
    }

    static JobEndRead failed(FakePlatform platform, OutputRules rules, String failing, String... workers) {
        return WorkerLogReader.read(
                platform,
                JOB,
                new Outcome.JobFailed(ended(JobPhase.FAILED, workers), new JobFailure("", 3, failing, List.of())),
                rules,
                () -> false);
    }

    @Test
    void outputsComeFromTheMastersLog() {
        LoggingPlatform platform = new LoggingPlatform(Map.of(
                "sweep-lr1-master-0", List.of("step 1", "eval accuracy: 0.91"),
                "sweep-lr1-worker-0", List.of("eval accuracy: 0.10")));
        JobOutputs outputs = completed(platform, ACCURACY_AND_CHECKPOINT, "sweep-lr1-worker-0", "sweep-lr1-master-0")
                .outputs();
        assertThat(outputs.values()).containsExactly(Map.entry("accuracy", "0.91"));
        assertThat(outputs.worker()).isEqualTo("sweep-lr1-master-0");
        assertThat(outputs.phase()).isEqualTo(JobPhase.SUCCEEDED);
        assertThat(outputs.unavailable()).isEmpty();
        assertThat(outputs.notes())
                .containsExactly("declared output checkpoint not found in worker sweep-lr1-master-0's log");
    }

    @Test
    void aDeclaredOutputTheLogDoesNotHoldIsNamedInTheNotes() {
        LoggingPlatform platform = new LoggingPlatform(Map.of("w-0", List.of("eval accuracy: 0.9")));
        OutputRules rules = OutputRules.of(List.of(
                new OutputRule("loss", com.google.re2j.Pattern.compile("loss: ([0-9.]+)")),
                new OutputRule("accuracy", com.google.re2j.Pattern.compile("eval accuracy: ([0-9.]+)")),
                new OutputRule("f1", com.google.re2j.Pattern.compile("f1: ([0-9.]+)"))));

        JobOutputs outputs = completed(platform, rules, "w-0").outputs();

        assertThat(outputs.values()).containsExactly(Map.entry("accuracy", "0.9"));
        assertThat(outputs.notes()).containsExactly("declared outputs f1, loss not found in worker w-0's log");
    }

    @Test
    void aConventionLineCountsOnlyWithTheNonceTheJobWasCreatedWith() {
        LoggingPlatform platform = new LoggingPlatform(Map.of(
                "w-0",
                List.of(
                        "trainjob-output checkpoint=bos://old-style",
                        "trainjob-output/" + NONCE + " checkpoint=bos://ckpt/7",
                        "sample: 'trainjob-output/" + NONCE + " checkpoint=bos://quoted'")));
        assertThat(completed(platform, ACCURACY_AND_CHECKPOINT, "w-0").outputs().values())
                .containsExactly(Map.entry("checkpoint", "bos://ckpt/7"));
    }

    @Test
    void aJobWithoutANonceSaysItsConventionOutputsWereNotRead() {
        LoggingPlatform platform =
                new LoggingPlatform(Map.of("w-0", List.of("trainjob-output/" + NONCE + " checkpoint=x")));
        platform.nonce = null;
        JobOutputs outputs = completed(platform, ACCURACY_AND_CHECKPOINT, "w-0").outputs();
        assertThat(outputs.values()).isEmpty();
        assertThat(outputs.notes())
                .containsExactly(
                        "job job-1 has no TRAINJOB_OUTPUT_NONCE in its env (it was not created by this"
                                + " release of trainjob): outputs declared without a regex (checkpoint) come only from"
                                + " trainjob-output/<nonce> lines and were not read",
                        "declared output accuracy not found in worker w-0's log");
    }

    /**
     * Security review 2, N3's memory side: a 2 GB log, generated page by page and never stored, is read
     * only up to the byte bound; what the read holds is a page and the tail ring (bounded buffers: the
     * served bytes and the ring's size are what is asserted, not the heap).
     */
    @Test
    void aTwoGigabyteLogIsReadOnlyUpToTheByteBound() {
        EndlessLog log = new EndlessLog(1023);
        JobEndRead read = failed(log, ACCURACY_AND_CHECKPOINT, "big-master-0", "big-master-0");
        assertThat(log.served()).isLessThanOrEqualTo(LogScan.MAX_BYTES + (long) LogScan.PAGE_LINES * (1023 + 1));
        assertThat(log.pages()).isEqualTo((int) (LogScan.MAX_BYTES / (1024L * LogScan.PAGE_LINES)) + 1);
        assertThat(read.outputs().notes())
                .contains("read the first 8 MiB of worker big-master-0's log; outputs printed after them were not"
                        + " read");
        assertThat(read.tail().lines()).hasSize(WorkerLogReader.TAIL_LINES);
        assertThat(read.tail().note())
                .startsWith("the log is longer than 8 MiB; these are the last lines of its first 8 MiB");
        assertThat(log.workersAsked()).as("one read for outputs and tail").containsOnly("big-master-0");
    }

    @Test
    void linesLongerThanSixteenKibAreCutBeforeAnythingReadsThemAndTheCutIsSaid() {
        EndlessLog log = new EndlessLog(1 << 20);
        JobEndRead read = failed(log, ACCURACY_AND_CHECKPOINT, "big-master-0", "big-master-0");
        assertThat(log.served()).isLessThanOrEqualTo(LogScan.MAX_BYTES + EndlessLog.PAGE_BYTES);
        assertThat(read.outputs().notes())
                .contains("7 lines of worker big-master-0's log longer than 16 KiB were cut to 16 KiB before"
                        + " outputs were read");
        assertThat(read.tail().lines()).hasSize(7);
    }

    @Test
    void aFailedJobsOutputsAndTailComeFromOneReadOfItsMaster() {
        List<String> lines = new ArrayList<>(
                IntStream.range(0, 80).mapToObj(i -> "line " + i).toList());
        lines.add("eval accuracy: 0.42");
        lines.add("Traceback \u001b[2J(most recent call last)\r");
        LoggingPlatform platform = new LoggingPlatform(Map.of("w-0", lines));
        JobEndRead read = failed(platform, ACCURACY_AND_CHECKPOINT, "w-0", "w-0");
        assertThat(platform.asked)
                .as("one pass (its pages) over one log")
                .containsOnly("w-0")
                .hasSize(2);
        assertThat(read.tail().lines()).hasSize(WorkerLogReader.TAIL_LINES);
        assertThat(read.tail().lines().get(0)).isEqualTo("line 32");
        assertThat(read.tail().lines().get(WorkerLogReader.TAIL_LINES - 1))
                .isEqualTo("Traceback (most recent call last) ");
        assertThat(read.tail().note()).isEmpty();
        assertThat(read.outputs().values()).containsExactly(Map.entry("accuracy", "0.42"));
        assertThat(read.outputs().phase()).isEqualTo(JobPhase.FAILED);
        assertThat(read.outputs().notes())
                .containsExactly(
                        "declared output checkpoint not found in worker w-0's log",
                        "the job ended FAILED: these outputs are what its log printed before it ended; an"
                                + " outputs file carries only STATUS for a job that did not succeed");
        assertThat(read.outputs().gateValues()).containsExactly(Map.entry("STATUS", "FAILED"));
    }

    @Test
    void aFailingWorkerOtherThanTheMasterIsReadForItsTailOnly() {
        LoggingPlatform platform = new LoggingPlatform(Map.of(
                "w-master-0", List.of("eval accuracy: 0.5"), "w-worker-1", List.of("CUDA error: out of memory")));
        JobEndRead read = failed(platform, ACCURACY_AND_CHECKPOINT, "w-worker-1", "w-master-0", "w-worker-1");
        assertThat(platform.asked).containsExactly("w-master-0", "w-master-0", "w-worker-1", "w-worker-1");
        assertThat(read.tail().worker()).isEqualTo("w-worker-1");
        assertThat(read.tail().lines()).containsExactly("CUDA error: out of memory");
        assertThat(read.outputs().values()).containsExactly(Map.entry("accuracy", "0.5"));
    }

    @Test
    void theReadRunsOnAThreadOfItsOwnNotTheCallers() {
        LoggingPlatform platform = new LoggingPlatform(Map.of("w-0", List.of("eval accuracy: 0.9")));
        completed(platform, ACCURACY_AND_CHECKPOINT, "w-0");
        assertThat(platform.readOn).isNotEmpty().allSatisfy(t -> assertThat(t).startsWith("trainingjob-log-read-"));
    }

    /**
     * An abort, a closing service or a SIGTERM: the caller's stop signal turns true while a page call hangs.
     * The caller gets its answer at once, saying the read was stopped, and the reading thread is interrupted.
     */
    @Test
    void aStopSignalEndsTheWaitAndInterruptsTheReader() throws Exception {
        java.util.concurrent.CountDownLatch calling = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch interrupted = new java.util.concurrent.CountDownLatch(1);
        LoggingPlatform hanging = new LoggingPlatform(Map.of()) {
            @Override
            public LogChunk logs(JobRef job, String worker, String marker, int maxLines) {
                calling.countDown();
                try {
                    Thread.sleep(Long.MAX_VALUE);
                } catch (InterruptedException e) {
                    interrupted.countDown();
                }
                return new LogChunk(List.of(), marker);
            }
        };
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        Thread stopper = new Thread(() -> {
            try {
                calling.await();
            } catch (InterruptedException e) {
                return;
            }
            stop.set(true);
        });
        stopper.start();
        JobEndRead read = WorkerLogReader.read(
                hanging,
                JOB,
                new Outcome.JobFailed(ended(JobPhase.FAILED, "w-0"), new JobFailure("", 1, "w-0", List.of())),
                ACCURACY_AND_CHECKPOINT,
                stop::get);
        assertThat(read.outputs().unavailable())
                .isEqualTo("the read of the job's log was stopped before it finished (the wait was aborted)");
        assertThat(read.tail().note()).startsWith("the read of the job's log was stopped");
        assertThat(interrupted.await(30, java.util.concurrent.TimeUnit.SECONDS))
                .as("the reading thread was interrupted")
                .isTrue();
    }

    @Test
    void aJobThatDidNotEndReadsNothing() {
        LoggingPlatform platform = new LoggingPlatform(Map.of("w-0", List.of("x")));
        JobEndRead read = WorkerLogReader.read(
                platform,
                JOB,
                new Outcome.TimedOut(ended(JobPhase.RUNNING, "w-0"), "the timeout of 1m"),
                ACCURACY_AND_CHECKPOINT,
                () -> false);
        assertThat(read.outputs()).isNull();
        assertThat(read.tail()).isNull();
        assertThat(platform.asked).isEmpty();
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
        JobOutputs outputs = WorkerLogReader.read(
                        senseCore, status.job(), new Outcome.Completed(status), OutputRules.none(), () -> false)
                .outputs();
        assertThat(outputs.isAvailable()).isFalse();
        assertThat(outputs.unavailable()).startsWith("SenseCore serves no job logs through its API");
        assertThat(outputs.values()).isEmpty();
        assertThat(outputs.resultEntries())
                .containsEntry("outputs", Map.of("STATUS", "SUCCEEDED"))
                .containsKey("outputsUnavailable");
    }

    @Test
    void aFailedReadIsSaidNotThrown() {
        LoggingPlatform platform = new LoggingPlatform(Map.of());
        platform.failure = TransientException.malformed(PlatformKind.AIHC, "GET logs", 502, "", "not JSON");
        JobOutputs outputs = completed(platform, ACCURACY_AND_CHECKPOINT, "w-0").outputs();
        assertThat(outputs.unavailable()).startsWith("could not read the log of worker w-0: ");
    }

    @Test
    void aSucceededJobThatDeclaresNoOutputsIsNotRead() {
        LoggingPlatform platform = new LoggingPlatform(Map.of("w-0", List.of("eval accuracy: 0.9")));
        JobOutputs outputs = completed(platform, OutputRules.none(), "w-0").outputs();
        assertThat(platform.asked).isEmpty();
        assertThat(outputs.values()).isEmpty();
        assertThat(outputs.resultEntries()).containsEntry("outputs", Map.of("STATUS", "SUCCEEDED"));
    }

    @Test
    void aReadThatFailsHalfWayKeepsWhatItReadAndSaysWhere() {
        List<String> lines = new ArrayList<>(IntStream.range(0, LogScan.PAGE_LINES)
                .mapToObj(i -> "step " + i)
                .toList());
        lines.set(5, "eval accuracy: 0.7");
        lines.add("more");
        LoggingPlatform platform = new LoggingPlatform(Map.of("w-0", lines));
        platform.failure = TransientException.malformed(PlatformKind.AIHC, "GET logs", 502, "", "not JSON");
        platform.failAfterPages = 1;
        JobOutputs outputs = completed(platform, ACCURACY_AND_CHECKPOINT, "w-0").outputs();
        assertThat(outputs.values()).containsExactly(Map.entry("accuracy", "0.7"));
        assertThat(outputs.notes()).hasSize(2);
        assertThat(outputs.notes().get(0))
                .startsWith("could not read worker w-0's log past line " + LogScan.PAGE_LINES + " (");
        assertThat(outputs.notes().get(1)).isEqualTo("declared output checkpoint not found in worker w-0's log");
    }

    @Test
    void aHugeTailLineIsCutAndTheCutIsSaid() {
        String huge = "x".repeat(50_000);
        JobEndRead read = failed(
                new LoggingPlatform(Map.of("w-0", List.of("short", huge, "bad \uD800 char"))),
                OutputRules.none(),
                "w-0",
                "w-0");
        WorkerLogReader.LogTail tail = read.tail();
        assertThat(tail.lines().get(0)).isEqualTo("short");
        assertThat(tail.lines().get(1))
                .startsWith("x".repeat(WorkerLogReader.MAX_LINE_CHARS))
                .endsWith("[" + (LogScan.MAX_LINE_BYTES - WorkerLogReader.MAX_LINE_CHARS) + " more characters cut]")
                .hasSizeLessThan(WorkerLogReader.MAX_LINE_CHARS + 40);
        assertThat(tail.lines().get(2)).as("a lone surrogate is not text").isEqualTo("bad  char");
        assertThat(tail.note())
                .isEqualTo("1 line longer than " + WorkerLogReader.MAX_LINE_CHARS + " characters was cut");
    }

    @Test
    void noTailWithoutANamedWorker() {
        JobEndRead read = failed(new LoggingPlatform(Map.of()), OutputRules.none(), "", "w-0");
        assertThat(read.tail().lines()).isEmpty();
        assertThat(read.tail().note()).isEqualTo("the platform named no failing worker; no log tail read");
    }

    @Test
    void utf8LengthsAndCutsNeverSplitACharacter() {
        assertThat(LogScan.utf8Bytes("aé中😀")).isEqualTo(1 + 2 + 3 + 4);
        assertThat(LogScan.cutToBytes("aé中😀", 6)).isEqualTo("aé中");
        assertThat(LogScan.cutToBytes("aé中😀", 9)).isEqualTo("aé中");
        assertThat(LogScan.cutToBytes("aé中😀", 10)).isEqualTo("aé中😀");
    }
}
