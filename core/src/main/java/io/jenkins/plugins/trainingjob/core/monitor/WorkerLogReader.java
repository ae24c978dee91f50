package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.platform.JobLogs;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.LogChunk;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.report.RemoteText;
import io.jenkins.plugins.trainingjob.core.report.ReportLimits;
import io.jenkins.plugins.trainingjob.core.spec.OutputRule;
import io.jenkins.plugins.trainingjob.core.spec.OutputRules;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Reads a finished job's worker log through the platform's logs API, bounded: the outputs a pipeline
 * gates on, and the last lines of a failing worker for the build log. One reader for the CLI and the
 * Jenkins steps, so both say the same thing when a log is cut or cannot be read. Never throws for a
 * platform error: a result that says why is worth more to a finished build than a second failure.
 */
public final class WorkerLogReader {

    /** Lines per logs call (AIHC's {@code maxLines}). */
    static final int PAGE_LINES = 1000;
    /** The most lines read of one log: about 2 MB of a training log, 20 calls. */
    public static final int MAX_LINES = 20_000;
    /** How many of a failing worker's last lines go to the build log. */
    public static final int TAIL_LINES = 50;
    /**
     * Longest tail line shown in full: a real log line is far shorter. Half of the reports' bound on a value,
     * so a cut line (with the words saying so) is never cut a second time by a renderer.
     */
    static final int MAX_LINE_CHARS = ReportLimits.MAX_VALUE / 2;

    private WorkerLogReader() {}

    /** Why this platform's logs cannot be read, or empty when they can. */
    public static Optional<String> noLogs(TrainingPlatform platform, PlatformKind kind) {
        if (platform instanceof JobLogs) {
            return Optional.empty();
        }
        return Optional.of(
                kind == PlatformKind.SENSECORE
                        ? "SenseCore serves no job logs through its API (read them in its console or with"
                                + " 'sco acp jobs stream-logs'); outputs and log tails are not available there"
                        : kind.displayName()
                                + " serves no job logs through this connection; outputs are not available");
    }

    /**
     * The outputs of a finished job, read from its first worker's log (the master, rank 0: where a
     * training script prints its results).
     */
    public static JobOutputs outputs(TrainingPlatform platform, JobStatus status, OutputRules rules) {
        JobRef job = status.job();
        if (!(platform instanceof JobLogs logs)) {
            return JobOutputs.unavailable(noLogs(platform, job.platform()).orElseThrow());
        }
        Optional<String> worker = firstWorker(status);
        if (worker.isEmpty()) {
            return JobOutputs.unavailable(
                    "the platform listed no worker of job " + ConsoleText.strip(job.id()) + " whose log could be read");
        }
        WorkerLog log;
        try {
            log = read(logs, job, worker.get());
        } catch (PlatformException e) {
            return JobOutputs.unavailable("could not read the log of worker " + ConsoleText.strip(worker.get()) + ": "
                    + ConsoleText.strip(e.getMessage()));
        }
        TreeSet<String> tooLong = new TreeSet<>();
        Map<String, String> values = rules.extract(log.lines(), tooLong);
        List<String> notes = new ArrayList<>();
        if (log.cut()) {
            notes.add("read the first " + MAX_LINES + " lines of worker " + ConsoleText.strip(worker.get())
                    + "'s log; outputs printed after them were not read");
        }
        for (String name : tooLong) {
            notes.add("output " + name + " left out: its value is longer than " + OutputRules.MAX_VALUE_CHARS
                    + " characters");
        }
        List<String> missing = rules.rules().stream()
                .map(OutputRule::name)
                .filter(name -> !values.containsKey(name) && !tooLong.contains(name))
                .sorted()
                .toList();
        if (!missing.isEmpty()) {
            notes.add((missing.size() == 1 ? "declared output " : "declared outputs ") + String.join(", ", missing)
                    + " not found in worker " + ConsoleText.strip(worker.get()) + "'s log");
        }
        return new JobOutputs(values, ConsoleText.strip(worker.get()), "", notes);
    }

    /** Reads one worker's log from its start, at most {@link #MAX_LINES} lines. */
    public static WorkerLog read(JobLogs logs, JobRef job, String worker) {
        List<String> lines = new ArrayList<>();
        String marker = null;
        while (lines.size() < MAX_LINES) {
            int ask = Math.min(PAGE_LINES, MAX_LINES - lines.size());
            LogChunk chunk = logs.logs(job, worker, marker, ask);
            lines.addAll(chunk.lines());
            boolean moved = chunk.nextMarker() != null && !chunk.nextMarker().equals(marker);
            if (chunk.lines().size() < ask || !moved) {
                return new WorkerLog(worker, lines, false);
            }
            marker = chunk.nextMarker();
        }
        // Exactly at the bound: one more line would prove the log goes on; asking for it costs one call.
        LogChunk more = logs.logs(job, worker, marker, 1);
        return new WorkerLog(worker, lines, !more.lines().isEmpty());
    }

    /**
     * The last lines of the failing worker's log, stripped for a console and safe in any document (each
     * line bounded at {@link #MAX_LINE_CHARS}, the note saying so), with the worker whose log it is; empty
     * when the platform serves no logs or the read failed (the returned note says why).
     */
    public static LogTail tail(TrainingPlatform platform, JobRef job, String worker) {
        if (!(platform instanceof JobLogs logs)) {
            return new LogTail("", List.of(), noLogs(platform, job.platform()).orElseThrow());
        }
        if (worker == null || worker.isBlank()) {
            return new LogTail("", List.of(), "the platform named no failing worker; no log tail read");
        }
        try {
            WorkerLog log = read(logs, job, worker);
            List<String> raw = log.tail(TAIL_LINES);
            List<String> lines = raw.stream()
                    .map(l -> RemoteText.plain(ReportLimits.bounded(l, MAX_LINE_CHARS, "")))
                    .toList();
            long cutLines = raw.stream()
                    .filter(l -> ConsoleText.strip(l).length() > MAX_LINE_CHARS)
                    .count();
            List<String> notes = new ArrayList<>();
            if (log.cut()) {
                notes.add(
                        "the log is longer than " + MAX_LINES + " lines; these are the last of the first " + MAX_LINES);
            }
            if (cutLines > 0) {
                notes.add(
                        cutLines == 1
                                ? "1 line longer than " + MAX_LINE_CHARS + " characters was cut"
                                : cutLines + " lines longer than " + MAX_LINE_CHARS + " characters were cut");
            }
            return new LogTail(ConsoleText.strip(worker), lines, String.join("; ", notes));
        } catch (PlatformException e) {
            return new LogTail(
                    ConsoleText.strip(worker),
                    List.of(),
                    "could not read the log of worker " + ConsoleText.strip(worker) + ": "
                            + ConsoleText.strip(e.getMessage()));
        }
    }

    /** The master if one is listed, else the first worker by name. */
    static Optional<String> firstWorker(JobStatus status) {
        List<WorkerStatus> workers = status.workers();
        return workers.stream()
                .map(WorkerStatus::name)
                .filter(n -> n.contains("master"))
                .min(Comparator.naturalOrder())
                .or(() -> workers.stream().map(WorkerStatus::name).min(Comparator.naturalOrder()));
    }

    /**
     * The last lines of one worker's log, already safe for a console.
     *
     * @param note what was not read and why, else empty
     */
    public record LogTail(String worker, List<String> lines, String note) {
        public LogTail {
            lines = lines == null ? List.of() : List.copyOf(lines);
            note = note == null ? "" : note;
        }
    }
}
