package io.jenkins.plugins.trainingjob.core.outcome;

import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;

/**
 * The one line format of every message about a job, the outcome's ({@link Outcome#message()}) and the
 * watch's events alike: {@code [platform] job <name> (<id>) <text>}, remote strings stripped of control
 * characters, a line longer than {@value #WIDTH} columns folded at spaces onto indented continuation lines.
 */
public final class JobLine {
    /** The console width every line is folded to. */
    static final int WIDTH = 100;

    private static final String CONTINUATION = ConsoleText.FOLD_INDENT;
    /** Long enough for any Kubernetes name (63), so names and ids can be copied from the log; a longer one is hostile. */
    private static final int NAME_MAX = 63;

    private static final int ID_MAX = 64;
    private static final int RAW_STATE_MAX = 24;

    private JobLine() {}

    /** {@code [aihc] job train-llm (pytorchjob-1b2c…) <text>}, folded to the console width. */
    public static String line(JobStatus s, String text) {
        return fit(prefix(s == null ? null : s.job()) + text);
    }

    /** {@code [aihc] job train-llm (pytorchjob-1b2c…) }, or {@code [monitor] } when no job is known. */
    static String prefix(JobRef job) {
        if (job == null) {
            return "[monitor] ";
        }
        String name = ConsoleText.strip(job.name(), NAME_MAX);
        String label = job.name().equals(job.id()) ? name : name + " (" + ConsoleText.strip(job.id(), ID_MAX) + ")";
        return "[" + job.platform().id() + "] job " + label + " ";
    }

    /** {@code RUNNING (Running)}: the normalised phase and, when it says more, the platform's own word. */
    public static String state(JobStatus s) {
        if (unseen(s)) {
            return "state not yet known";
        }
        String raw = ConsoleText.strip(s.rawState(), RAW_STATE_MAX);
        return raw.isBlank() || raw.equalsIgnoreCase(s.phase().name())
                ? s.phase().name()
                : s.phase().name() + " (" + raw + ")";
    }

    /** The stand-in status of a job whose status never arrived. */
    static boolean unseen(JobStatus s) {
        return s == null || (s.phase() == JobPhase.UNKNOWN && s.rawState().isBlank());
    }

    /** {@code line} stripped and folded at {@value #WIDTH} columns, never cut. */
    public static String fit(String line) {
        return fit(line, WIDTH);
    }

    static String fit(String line, int width) {
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
}
