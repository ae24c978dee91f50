package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.time.Duration;
import java.util.List;
import java.util.TreeSet;

/**
 * The words of {@link Outcome#message()}; owned by the monitor so every front end says the same thing.
 * One line each, {@code [platform] job <name> (<id>) ...}, remote strings stripped of control characters;
 * a line longer than 100 columns is folded at spaces onto indented continuation lines.
 */
final class OutcomeMessages {
    static final int WIDTH = 100;
    private static final String CONTINUATION = ConsoleText.FOLD_INDENT;
    /** Where a message's list starts ("last events:"): not a continuation, so a log without folds keeps it apart. */
    private static final String ITEM = "  ";
    /** Long enough for any Kubernetes name (63), so names and ids can be copied from the log; a longer one is hostile. */
    private static final int NAME_MAX = 63;

    private static final int ID_MAX = 64;
    private static final int RAW_STATE_MAX = 24;

    private OutcomeMessages() {}

    static String scheduled(JobStatus s) {
        return line(s, "is scheduled: " + state(s) + nodes(s));
    }

    static String completed(JobStatus s) {
        return line(s, "completed successfully: " + state(s));
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
            return line(s, verb + state(s) + reason(s));
        }
        StringBuilder text = new StringBuilder(verb).append(state(s));
        if (!f.reason().isBlank()) {
            text.append(", ").append(ConsoleText.strip(f.reason()));
        }
        if (f.exitCode() != null) {
            text.append(", exit code ").append(f.exitCode());
            if (!f.worker().isBlank()) {
                text.append(" (worker ").append(ConsoleText.strip(f.worker())).append(')');
            }
        }
        StringBuilder out = new StringBuilder(line(s, text.toString()));
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

    /** {@code text} folded at {@link #WIDTH}, its first line indented by {@code indent}, the rest as continuations. */
    private static String indented(String indent, String text) {
        List<String> lines = fit(text, WIDTH - indent.length() - CONTINUATION.length())
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
            return line(s, "cannot be scheduled: see the diagnosis report");
        }
        String platform = s == null ? "monitor" : s.job().platform().id();
        return fit("[" + platform + "] " + ConsoleText.strip(report.headline()));
    }

    static String timedOut(JobStatus s, String what) {
        String where = unseen(s) ? ", job not seen yet" : ", still " + state(s);
        return line(s, "timed out: " + ConsoleText.strip(what) + where);
    }

    static String notStartedInBudget(JobStatus s, Duration budget, String why) {
        String text = why == null || why.isBlank()
                ? "did not start within " + DurationText.format(budget)
                : "would not start within " + DurationText.format(budget) + ": " + ConsoleText.strip(why);
        return line(s, text + (unseen(s) ? ", job not seen yet" : ", still " + state(s)));
    }

    static String cancelled(JobStatus s, boolean remoteStopped, String detail) {
        String text = detail == null || detail.isBlank()
                ? (remoteStopped ? "job stopped" : "job left as it is on the platform")
                : ConsoleText.strip(detail);
        return line(s, "watch cancelled; " + text);
    }

    /** Folded, never cut: the platform's code and request id at the end are what support asks for. */
    static String platformError(JobStatus s, PlatformException e) {
        return fit(prefix(s == null ? null : s.job()) + "watch failed: "
                + (e == null ? "unknown error" : ConsoleText.strip(e.getMessage())));
    }

    /** {@code [aihc] job train-llm (pytorchjob-1b2c…) <text>}, folded to the console width. */
    static String line(JobStatus s, String text) {
        return fit(prefix(s == null ? null : s.job()) + text);
    }

    static String prefix(JobRef job) {
        if (job == null) {
            return "[monitor] ";
        }
        String name = ConsoleText.strip(job.name(), NAME_MAX);
        String label = job.name().equals(job.id()) ? name : name + " (" + ConsoleText.strip(job.id(), ID_MAX) + ")";
        return "[" + job.platform().id() + "] job " + label + " ";
    }

    /** {@code RUNNING (Running)}: the normalised phase and, when it says more, the platform's own word. */
    static String state(JobStatus s) {
        if (unseen(s)) {
            return "state not yet known";
        }
        String raw = ConsoleText.strip(s.rawState(), RAW_STATE_MAX);
        return raw.isBlank() || raw.equalsIgnoreCase(s.phase().name())
                ? s.phase().name()
                : s.phase().name() + " (" + raw + ")";
    }

    /** The stand-in status of a job whose status never arrived. */
    private static boolean unseen(JobStatus s) {
        return s == null || (s.phase() == JobPhase.UNKNOWN && s.rawState().isBlank());
    }

    static String fit(String line) {
        return fit(line, WIDTH);
    }

    private static String fit(String line, int width) {
        String text = ConsoleText.strip(line);
        StringBuilder out = new StringBuilder(text.length() + 16);
        String indent = "";
        // Fold rather than cut: the tail of a line (queue position, the blocker) is often what matters.
        while (indent.length() + text.length() > width) {
            int room = width - indent.length();
            int cut = text.lastIndexOf(' ', room);
            if (cut <= 0) {
                cut = Character.isLowSurrogate(text.charAt(room)) ? room - 1 : room;
            }
            out.append(indent).append(text, 0, cut).append('\n');
            text = text.substring(cut).stripLeading();
            indent = CONTINUATION;
        }
        return out.append(indent).append(text).toString();
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
