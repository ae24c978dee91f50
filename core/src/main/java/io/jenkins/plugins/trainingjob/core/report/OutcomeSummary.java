package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.outcome.JobFailure;
import io.jenkins.plugins.trainingjob.core.outcome.JobOutputs;
import io.jenkins.plugins.trainingjob.core.outcome.LogTail;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * The short report of a wait that ended any way but unschedulable (which has the diagnosis report):
 * completed, failed, timed out, stopped. What a release owner opens first: the outcome's line, the job's
 * state and times, why it failed (worker, exit code, last events), its outputs and the failing worker's
 * last log lines. One report for the CLI's {@code --report-file} and the Jenkins build, rendered by
 * {@link ReportFormat#render(OutcomeSummary)} beside the diagnosis report and escaped as it is: every remote
 * string goes through {@link RemoteText}.
 *
 * @param outputs what the log gave, or {@code null} when not read (the job did not finish)
 * @param tail the failing worker's last lines, or {@code null} when not read
 * @param cleanup what was done to a job the wait left behind ({@code stopped job ...}), or empty
 * @param afterStop the job's state read after that stop, or {@code null}: the report then says the state
 *     the job is in, not the one the wait last saw before stopping it
 * @param attempts every attempt of a submit that took several (retries, fallback moves), in order; empty
 *     for a single attempt
 */
public record OutcomeSummary(
        JobRef job,
        Outcome outcome,
        JobOutputs outputs,
        LogTail tail,
        String cleanup,
        JobStatus afterStop,
        List<Attempt> attempts) {

    public OutcomeSummary {
        cleanup = cleanup == null ? "" : cleanup;
        attempts = attempts == null ? List.of() : List.copyOf(attempts);
    }

    /** A wait that stopped nothing, of a submit with one attempt. */
    public OutcomeSummary(JobRef job, Outcome outcome, JobOutputs outputs, LogTail tail, String cleanup) {
        this(job, outcome, outputs, tail, cleanup, null, List.of());
    }

    /** The outcome's name as JSON documents give it: {@code completed}, {@code job_failed}, ... */
    public String kind() {
        return outcome.kind().name().toLowerCase(Locale.ROOT);
    }

    /** This report in {@code format} ({@link ReportFormat#render(OutcomeSummary)}). */
    public String render(ReportFormat format) {
        return format.render(this);
    }

    /**
     * The outcome's first line, its console folding undone, without the lists that follow it (a failure's
     * last events, which have a section of their own): short enough for a title and a step summary's
     * heading. After a stop it says so, so it agrees with the state the report gives.
     */
    public String headline() {
        String first = ConsoleText.logicalLines(outcome.message())
                .lines()
                .findFirst()
                .orElse("")
                .strip();
        return afterStop == null
                ? first
                : first + "; then stopped: " + afterStop.phase().name();
    }

    /** The facts, one per line ({@code label: value}), in reading order; remote strings stripped. */
    List<String[]> facts() {
        return facts(RemoteText::plain);
    }

    /**
     * The facts with every remote part passed through {@code remote} (stripped for text, escaped for
     * Markdown, left raw for a format that escapes whole values), our own words left as they are.
     */
    List<String[]> facts(UnaryOperator<String> remote) {
        List<String[]> facts = new ArrayList<>();
        facts.add(new String[] {
            "Job",
            remote.apply(job.name()) + " (" + remote.apply(job.id()) + ") on "
                    + job.platform().displayName()
        });
        facts.add(new String[] {"Outcome", kind()});
        JobStatus s = afterStop != null ? afterStop : outcome.lastStatus();
        if (s != null) {
            facts.add(new String[] {
                "State",
                remote.apply(s.rawState().isEmpty() ? s.phase().name() : s.rawState())
                        + (afterStop != null ? " (read after the stop)" : "")
            });
            if (s.startedAt() != null) {
                facts.add(new String[] {"Started", s.startedAt().toString()});
            }
            if (s.finishedAt() != null) {
                facts.add(new String[] {"Finished", s.finishedAt().toString()});
            }
            if (s.consoleUrl() != null) {
                facts.add(new String[] {"Console", remote.apply(s.consoleUrl())});
            }
        }
        if (!cleanup.isEmpty()) {
            facts.add(new String[] {"After the wait", remote.apply(cleanup)});
        }
        if (outcome instanceof Outcome.JobFailed f && !f.failure().isEmpty()) {
            JobFailure failure = f.failure();
            if (!failure.reason().isEmpty()) {
                facts.add(new String[] {"Reason", remote.apply(failure.reason())});
            }
            if (!failure.worker().isEmpty()) {
                facts.add(new String[] {"Failing worker", remote.apply(failure.worker())});
            }
            if (failure.exitCode() != null) {
                facts.add(new String[] {"Exit code", failure.exitCode().toString()});
            }
        }
        if (outputs != null) {
            if (!outputs.isAvailable()) {
                facts.add(new String[] {"Outputs", "not available: " + remote.apply(outputs.unavailable())});
            } else if (outputs.values().isEmpty()) {
                facts.add(new String[] {"Outputs", "none printed by worker " + remote.apply(outputs.worker())});
            } else {
                outputs.values().forEach((k, v) -> facts.add(new String[] {"Output " + k, remote.apply(v)}));
            }
            outputs.notes().forEach(n -> facts.add(new String[] {"Note", remote.apply(n)}));
        }
        return facts;
    }

    /** A failed job's last events, one line each ({@code <when> <reason>: <message>}), oldest first. */
    List<String> events(UnaryOperator<String> remote) {
        if (!(outcome instanceof Outcome.JobFailed f)) {
            return List.of();
        }
        return f.failure().lastEvents().stream().map(e -> event(e, remote)).toList();
    }

    private static String event(JobEvent e, UnaryOperator<String> remote) {
        String when = e.lastSeen() != null
                ? e.lastSeen().toString()
                : e.firstSeen() != null ? e.firstSeen().toString() : "";
        return (when.isEmpty() ? "" : when + " ") + remote.apply(e.reason()) + ": " + remote.apply(e.message());
    }

    /** The log tail's heading: whose log it is. Only with a {@link #tail()}. */
    String tailTitle(UnaryOperator<String> remote) {
        return tail.worker().isEmpty()
                ? "Worker log"
                : "Last lines of worker " + remote.apply(tail.worker()) + "'s log";
    }
}
