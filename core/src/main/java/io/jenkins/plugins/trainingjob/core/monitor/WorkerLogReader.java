package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.platform.JobLogs;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.report.RemoteText;
import io.jenkins.plugins.trainingjob.core.report.ReportLimits;
import io.jenkins.plugins.trainingjob.core.spec.OutputNonce;
import io.jenkins.plugins.trainingjob.core.spec.OutputRule;
import io.jenkins.plugins.trainingjob.core.spec.OutputRules;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * Reads the end of a watched job from its worker logs through the platform's logs API: the declared
 * outputs a pipeline gates on (from the first worker's log) and the last lines of a failing worker. One
 * reader for the CLI and the Jenkins steps, so both say the same thing when a log is cut or cannot be read.
 * Never throws for a platform error: a result that says why is worth more to a finished build than a
 * second failure.
 *
 * <p>Bounded and stoppable (security review 2, N3): each log is read once, from its start, at most
 * {@value #MAX_MIB} MiB, lines cut at 16 KiB, holding only a page and the last {@value #TAIL_LINES} lines
 * ({@link LogScan}); output patterns run on RE2/J, linear in the line. The read runs on a thread of its own,
 * never on the caller's pool (in Jenkins, the calls pool every build's submits share, and the monitor's
 * threads); the caller polls its stop signal (a build aborted, a service closing, a CLI's SIGTERM) and
 * returns within a fraction of a second when it turns true, leaving the reading thread interrupted.
 */
public final class WorkerLogReader {

    /** How many of a failing worker's last lines go to the build log. */
    public static final int TAIL_LINES = 50;
    /** The most of one log read, in MiB. */
    public static final long MAX_MIB = LogScan.MAX_BYTES >> 20;
    /**
     * Longest tail line shown in full: a real log line is far shorter. Half of the reports' bound on a value,
     * so a cut line (with the words saying so) is never cut a second time by a renderer.
     */
    static final int MAX_LINE_CHARS = ReportLimits.MAX_VALUE / 2;
    /** How often a waiting caller looks at its stop signal. */
    static final long STOP_POLL_MILLIS = 50;

    private static final AtomicInteger READS = new AtomicInteger();

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
     * What the end of a wait reads: a job that ended (completed or failed) gives its declared outputs, a
     * job that failed its failing worker's last lines; each worker's log is read once for both. Blocks until
     * the read is done or {@code stop} turns true.
     *
     * @param stop polled while the read runs: when it answers {@code true}, this returns at once with
     *     results that say the read was stopped
     */
    public static JobEndRead read(
            TrainingPlatform platform, JobRef job, Outcome outcome, OutputRules rules, BooleanSupplier stop) {
        boolean ended = outcome.kind() == OutcomeKind.COMPLETED || outcome.kind() == OutcomeKind.JOB_FAILED;
        JobStatus last = outcome.lastStatus();
        boolean outputs = ended && last != null;
        String failing = outcome instanceof Outcome.JobFailed f ? f.failure().worker() : null;
        if (!outputs && failing == null) {
            return JobEndRead.NOTHING;
        }
        FutureTask<JobEndRead> task =
                new FutureTask<>(() -> readNow(platform, job, outputs ? last : null, rules, failing));
        Thread reader = new Thread(task, "trainingjob-log-read-" + READS.incrementAndGet());
        reader.setDaemon(true);
        reader.start();
        while (true) {
            try {
                return task.get(STOP_POLL_MILLIS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException stillReading) {
                if (stop.getAsBoolean()) {
                    task.cancel(true);
                    return stopped(outputs ? last : null, failing);
                }
            } catch (InterruptedException e) {
                task.cancel(true);
                Thread.currentThread().interrupt();
                return stopped(outputs ? last : null, failing);
            } catch (ExecutionException e) {
                // a platform error is a result (readNow says why); anything else is a bug, with its cause
                throw new IllegalStateException(
                        "the read of job " + ConsoleText.strip(job.id()) + "'s log failed", e.getCause());
            }
        }
    }

    private static JobEndRead stopped(JobStatus ended, String failing) {
        String why = "the read of the job's log was stopped before it finished (the wait was aborted)";
        return new JobEndRead(
                ended == null ? null : JobOutputs.unavailable(why, ended.phase()),
                failing == null ? null : new LogTail(ConsoleText.strip(failing), List.of(), why));
    }

    /** The read itself, on the reading thread. */
    private static JobEndRead readNow(
            TrainingPlatform platform, JobRef job, JobStatus ended, OutputRules rules, String failing) {
        if (!(platform instanceof JobLogs logs)) {
            String why = noLogs(platform, job.platform()).orElseThrow();
            return new JobEndRead(
                    ended == null ? null : JobOutputs.unavailable(why, ended.phase()),
                    failing == null ? null : new LogTail("", List.of(), why));
        }
        JobOutputs outputs = null;
        LogTail tail = null;
        if (ended != null) {
            Optional<String> worker = firstWorker(ended);
            if (worker.isEmpty()) {
                outputs = JobOutputs.unavailable(
                        "the platform listed no worker of job " + ConsoleText.strip(job.id())
                                + " whose log could be read",
                        ended.phase());
            } else {
                boolean alsoTail = worker.get().equals(failing);
                OutputsRead read = readOutputs(logs, job, ended, rules, worker.get(), alsoTail);
                outputs = read.outputs();
                if (alsoTail) {
                    tail = tailOf(read.scan(), worker.get());
                }
            }
        }
        if (failing != null && tail == null) {
            tail = tail(logs, job, failing);
        }
        return new JobEndRead(outputs, tail);
    }

    private record OutputsRead(JobOutputs outputs, LogScan.Result scan) {}

    private static OutputsRead readOutputs(
            JobLogs logs, JobRef job, JobStatus ended, OutputRules rules, String worker, boolean alsoTail) {
        String who = ConsoleText.strip(worker);
        if (rules.rules().isEmpty() && !alsoTail) {
            // nothing declared, no tail wanted: the log has nothing to give, so it is not read
            return new OutputsRead(new JobOutputs(Map.of(), who, "", List.of(), ended.phase()), null);
        }
        List<String> notes = new ArrayList<>();
        String nonce = null;
        if (rules.readsLineConvention()) {
            try {
                nonce = logs.outputNonce(job).orElse(null);
                if (nonce == null) {
                    notes.add("job " + ConsoleText.strip(job.id()) + " has no " + OutputNonce.ENV + " in its env (it"
                            + " was not created by this release of trainjob): " + lineOutputs(rules)
                            + " come only from trainjob-output/<nonce> lines and were not read");
                }
            } catch (PlatformException e) {
                notes.add("could not read the output nonce of job " + ConsoleText.strip(job.id()) + " ("
                        + LogScan.why(e) + "): " + lineOutputs(rules) + " were not read");
            }
        }
        OutputRules.Scan scan = rules.scan(nonce);
        LogScan.Result read = LogScan.read(logs, job, worker, alsoTail ? TAIL_LINES : 0, scan::line);
        if (read.failure() != null && read.linesRead() == 0) {
            return new OutputsRead(
                    JobOutputs.unavailable(
                            "could not read the log of worker " + who + ": " + LogScan.why(read.failure()),
                            ended.phase()),
                    read);
        }
        if (read.failure() != null) {
            notes.add("could not read worker " + who + "'s log past line " + read.linesRead() + " ("
                    + LogScan.why(read.failure()) + "); outputs printed after it were not read");
        }
        if (read.cutAtBytes()) {
            notes.add("read the first " + MAX_MIB + " MiB of worker " + who
                    + "'s log; outputs printed after them were not read");
        }
        if (read.cutLines() > 0) {
            notes.add(LogScan.lines(read.cutLines(), worker) + " longer than 16 KiB "
                    + (read.cutLines() == 1 ? "was" : "were") + " cut to 16 KiB before outputs were read");
        }
        for (String name : scan.tooLong()) {
            notes.add("output " + name + " left out: its value is longer than " + OutputRules.MAX_VALUE_CHARS
                    + " characters");
        }
        Map<String, String> values = scan.values();
        Set<String> tooLong = scan.tooLong();
        boolean nonceKnown = nonce != null;
        // A convention output not looked for (no nonce) is not said to be missing: the note above names it.
        List<String> missing = rules.rules().stream()
                .filter(rule -> nonceKnown || !rule.fromLine())
                .map(OutputRule::name)
                .filter(name -> !values.containsKey(name) && !tooLong.contains(name))
                .sorted()
                .toList();
        if (!missing.isEmpty()) {
            notes.add((missing.size() == 1 ? "declared output " : "declared outputs ") + String.join(", ", missing)
                    + " not found in worker " + who + "'s log");
        }
        if (!values.isEmpty() && ended.phase() != JobPhase.SUCCEEDED) {
            notes.add("the job ended " + ended.phase() + ": these outputs are what its log printed before it"
                    + " ended; an outputs file carries only " + OutputRules.STATUS + " for a job that did not"
                    + " succeed");
        }
        return new OutputsRead(new JobOutputs(values, who, "", notes, ended.phase()), read);
    }

    private static String lineOutputs(OutputRules rules) {
        List<String> names = rules.rules().stream()
                .filter(OutputRule::fromLine)
                .map(OutputRule::name)
                .toList();
        return "outputs declared without a regex (" + String.join(", ", names) + ")";
    }

    /**
     * The last lines of the failing worker's log, stripped for a console and safe in any document (each
     * line bounded at {@link #MAX_LINE_CHARS}, the note saying so), with the worker whose log it is; empty
     * when the read failed (the note says why).
     */
    private static LogTail tail(JobLogs logs, JobRef job, String worker) {
        if (worker.isBlank()) {
            return new LogTail("", List.of(), "the platform named no failing worker; no log tail read");
        }
        return tailOf(LogScan.read(logs, job, worker, TAIL_LINES, line -> {}), worker);
    }

    private static LogTail tailOf(LogScan.Result read, String worker) {
        String who = ConsoleText.strip(worker);
        if (read.failure() != null && read.linesRead() == 0) {
            return new LogTail(
                    who, List.of(), "could not read the log of worker " + who + ": " + LogScan.why(read.failure()));
        }
        List<String> raw = read.tail();
        List<String> lines = raw.stream()
                .map(l -> RemoteText.plain(ReportLimits.bounded(l, MAX_LINE_CHARS, "")))
                .toList();
        long cutLines = raw.stream()
                .filter(l -> ConsoleText.strip(l).length() > MAX_LINE_CHARS)
                .count();
        List<String> notes = new ArrayList<>();
        if (read.failure() != null) {
            notes.add("could not read past line " + read.linesRead() + " (" + LogScan.why(read.failure())
                    + "); these are the last lines read");
        }
        if (read.cutAtBytes()) {
            notes.add("the log is longer than " + MAX_MIB + " MiB; these are the last lines of its first " + MAX_MIB
                    + " MiB");
        }
        if (cutLines > 0) {
            notes.add(
                    cutLines == 1
                            ? "1 line longer than " + MAX_LINE_CHARS + " characters was cut"
                            : cutLines + " lines longer than " + MAX_LINE_CHARS + " characters were cut");
        }
        return new LogTail(who, lines, String.join("; ", notes));
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
