package io.jenkins.plugins.trainingjob.core.outcome;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.core.text.DurationText;
import java.time.Duration;
import java.util.List;
import java.util.TreeSet;

/**
 * The words of {@link Outcome#message()}, owned by core so every front end says the same thing: one
 * {@link JobLine} each, with the lines a failure lists under it.
 */
final class OutcomeMessages {
    private static final String CONTINUATION = ConsoleText.FOLD_INDENT;
    /** Where a message's list starts ("last events:"): not a continuation, so a log without folds keeps it apart. */
    private static final String ITEM = "  ";

    private OutcomeMessages() {}

    static String scheduled(JobStatus s) {
        return JobLine.line(s, "is scheduled: " + JobLine.state(s) + nodes(s));
    }

    static String completed(JobStatus s) {
        return JobLine.line(s, "completed successfully: " + JobLine.state(s));
    }

    static String failed(JobStatus s) {
        return failed(s, JobFailure.none());
    }

    /**
     * {@code failed: FAILED (Failed), <reason>, exit code 3 (worker x-master-0)}, then the last events
     * on indented lines: enough to act on without opening the platform's console.
     */
    static String failed(JobStatus s, JobFailure f) {
        String verb = s != null && s.phase() == JobPhase.STOPPED ? "was stopped: " : "failed: ";
        if (f == null || f.isEmpty()) {
            return JobLine.line(s, verb + JobLine.state(s) + reason(s));
        }
        StringBuilder text = new StringBuilder(verb).append(JobLine.state(s));
        if (!f.reason().isBlank()) {
            text.append(", ").append(ConsoleText.strip(f.reason()));
        }
        if (f.exitCode() != null) {
            text.append(", exit code ").append(f.exitCode());
            if (!f.worker().isBlank()) {
                text.append(" (worker ").append(ConsoleText.strip(f.worker())).append(')');
            }
        }
        StringBuilder out = new StringBuilder(JobLine.line(s, text.toString()));
        if (!f.lastEvents().isEmpty()) {
            out.append('\n').append(ITEM).append("last events:");
            for (JobEvent e : f.lastEvents()) {
                String event = (e.type().isBlank() ? "" : ConsoleText.strip(e.type()) + " ")
                        + ConsoleText.strip(e.reason()) + ": " + ConsoleText.strip(e.message());
                out.append('\n').append(indented(CONTINUATION, event));
            }
        }
        return out.toString();
    }

    /** {@code text} folded at {@link JobLine#WIDTH}, its first line indented by {@code indent}, the rest as continuations. */
    private static String indented(String indent, String text) {
        List<String> lines = JobLine.fit(text, JobLine.WIDTH - indent.length() - CONTINUATION.length())
                .lines()
                .map(String::strip)
                .toList();
        StringBuilder out = new StringBuilder(indent).append(lines.isEmpty() ? "" : lines.get(0));
        for (String l : lines.subList(Math.min(1, lines.size()), lines.size())) {
            out.append('\n').append(indent).append(CONTINUATION).append(l);
        }
        return out.toString();
    }

    /** The report's headline is already a sentence about the job ("Job x cannot be scheduled: ..."). */
    static String unschedulable(JobStatus s, DiagnosisReport report) {
        if (report == null || report.headline() == null || report.headline().isBlank()) {
            return JobLine.line(s, "cannot be scheduled: see the diagnosis report");
        }
        String platform = s == null ? "monitor" : s.job().platform().id();
        return JobLine.fit("[" + platform + "] " + ConsoleText.strip(report.headline()));
    }

    static String timedOut(JobStatus s, String what) {
        String where = JobLine.unseen(s) ? ", job not seen yet" : ", still " + JobLine.state(s);
        return JobLine.line(s, "timed out: " + ConsoleText.strip(what) + where);
    }

    static String notStartedInBudget(JobStatus s, Duration budget, String why) {
        String text = why == null || why.isBlank()
                ? "did not start within " + DurationText.exact(budget)
                : "would not start within " + DurationText.exact(budget) + ": " + ConsoleText.strip(why);
        return JobLine.line(s, text + (JobLine.unseen(s) ? ", job not seen yet" : ", still " + JobLine.state(s)));
    }

    static String cancelled(JobStatus s, boolean remoteStopped, String detail) {
        String text = detail == null || detail.isBlank()
                ? (remoteStopped ? "job stopped" : "job left as it is on the platform")
                : ConsoleText.strip(detail);
        return JobLine.line(s, "watch cancelled; " + text);
    }

    /** Folded, never cut: the platform's code and request id at the end are what support asks for. */
    static String platformError(JobStatus s, PlatformException e) {
        return JobLine.fit(JobLine.prefix(s == null ? null : s.job()) + "watch failed: "
                + (e == null ? "unknown error" : ConsoleText.strip(e.getMessage())));
    }

    private static String reason(JobStatus s) {
        return s == null || s.reason().isBlank() ? "" : ", " + ConsoleText.strip(s.reason());
    }

    private static String nodes(JobStatus s) {
        TreeSet<String> nodes = new TreeSet<>();
        for (WorkerStatus w : s.workers()) {
            if (w.isPlaced()) {
                nodes.add(w.nodeName());
            }
        }
        if (nodes.isEmpty()) {
            return "";
        }
        return nodes.size() == 1
                ? " on node " + ConsoleText.strip(nodes.first(), 40)
                : " on " + nodes.size() + " nodes";
    }
}
