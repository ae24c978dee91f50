package io.jenkins.plugins.trainingjob.cli.terminal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether the process talks to a person: stdin and stdout a terminal ({@code System.console()}) and
 * stderr one too, so {@code 2>err.txt} never receives colour codes or a rewritten live line. Java 17
 * cannot ask about stderr directly; Linux tells through {@code /proc/self/fd/2}, and where that cannot be
 * read stderr counts as redirected (plain text is always safe).
 */
public final class TerminalStreams {

    private TerminalStreams() {}

    public static boolean interactive() {
        return System.console() != null && isTerminal(Path.of("/proc/self/fd/2"));
    }

    /** A file descriptor link pointing at a terminal device ({@code /dev/pts/N}, {@code /dev/ttyN}). */
    public static boolean isTerminal(Path fdLink) {
        try {
            String target = Files.readSymbolicLink(fdLink).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }
}
