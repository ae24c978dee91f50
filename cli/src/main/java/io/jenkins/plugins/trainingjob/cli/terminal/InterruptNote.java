package io.jenkins.plugins.trainingjob.cli.terminal;

/**
 * What a Ctrl-C or SIGTERM means right now when no command handler is listening (before a submit's guard
 * is installed): the launcher's shutdown hook prints it, so an interrupted CI step never ends without a
 * word. One per process, as signals are.
 */
public final class InterruptNote {

    private static volatile String note;

    private InterruptNote() {}

    public static void set(String text) {
        note = text;
    }

    public static void clear() {
        note = null;
    }

    /** The note to print, or {@code null} when an interrupt needs none (nothing started, or a handler says more). */
    public static String current() {
        return note;
    }
}
