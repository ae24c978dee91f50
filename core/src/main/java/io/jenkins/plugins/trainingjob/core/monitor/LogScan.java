package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.platform.JobLogs;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.LogChunk;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.ArrayDeque;
import java.util.List;
import java.util.function.Consumer;

/**
 * One pass over one worker's log from its start, bounded in bytes, holding nothing but the last lines: each
 * line (cut at {@link #MAX_LINE_BYTES}) goes to a consumer (the outputs being read) and into a ring of the
 * last {@code tailLines}. A page at a time is in memory, so a log of any length costs a page, the ring and
 * whatever the consumer keeps (security review 2, N3: the bound used to be lines, and a page of long lines
 * could be hundreds of MiB). The reading thread's interrupt ends the pass at the next line.
 */
final class LogScan {

    /** The most of one log read, in UTF-8 bytes as served (line breaks counted). */
    static final long MAX_BYTES = 8L * 1024 * 1024;
    /** A longer line is cut to this many UTF-8 bytes before anything reads it. */
    static final int MAX_LINE_BYTES = 16 * 1024;
    /** Lines per logs call (AIHC's {@code maxLines}): at most a few MiB of runtime-split lines. */
    static final int PAGE_LINES = 200;

    /**
     * What one pass read.
     *
     * @param tail the last lines read (each cut at {@link #MAX_LINE_BYTES}), oldest first
     * @param linesRead how many lines were read
     * @param cutAtBytes whether the pass stopped at {@link #MAX_BYTES} before the log's end
     * @param cutLines how many lines were longer than {@link #MAX_LINE_BYTES} and cut
     * @param failure why the pass stopped early (a failed call), or {@code null}
     * @param interrupted whether the pass stopped because its thread was interrupted
     */
    record Result(
            List<String> tail,
            long linesRead,
            boolean cutAtBytes,
            long cutLines,
            PlatformException failure,
            boolean interrupted) {}

    private LogScan() {}

    static Result read(JobLogs logs, JobRef job, String worker, int tailLines, Consumer<String> lines) {
        ArrayDeque<String> ring = new ArrayDeque<>(Math.max(1, tailLines));
        long bytes = 0;
        long read = 0;
        long cut = 0;
        String marker = null;
        while (true) {
            if (Thread.currentThread().isInterrupted()) {
                return new Result(List.copyOf(ring), read, false, cut, null, true);
            }
            LogChunk chunk;
            try {
                chunk = logs.logs(job, worker, marker, PAGE_LINES);
            } catch (PlatformException e) {
                return new Result(
                        List.copyOf(ring),
                        read,
                        false,
                        cut,
                        e,
                        Thread.currentThread().isInterrupted());
            }
            for (String raw : chunk.lines()) {
                if (Thread.currentThread().isInterrupted()) {
                    return new Result(List.copyOf(ring), read, false, cut, null, true);
                }
                String line = raw == null ? "" : raw;
                long size = utf8Bytes(line) + 1;
                if (bytes + size > MAX_BYTES) {
                    return new Result(List.copyOf(ring), read, true, cut, null, false);
                }
                bytes += size;
                read++;
                if (size - 1 > MAX_LINE_BYTES) {
                    line = cutToBytes(line, MAX_LINE_BYTES);
                    cut++;
                }
                lines.accept(line);
                if (tailLines > 0) {
                    if (ring.size() == tailLines) {
                        ring.removeFirst();
                    }
                    ring.addLast(line);
                }
            }
            boolean moved = chunk.nextMarker() != null && !chunk.nextMarker().equals(marker);
            // A short page is not the end: a server may cut a page at a byte limit. An empty one, or a marker
            // that does not move, is.
            if (chunk.lines().isEmpty() || !moved) {
                return new Result(List.copyOf(ring), read, false, cut, null, false);
            }
            marker = chunk.nextMarker();
        }
    }

    /** The UTF-8 length of {@code s}, without encoding it (a lone surrogate counts as the 3 bytes of U+FFFD). */
    static long utf8Bytes(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n += 1;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < s.length()
                    && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        return n;
    }

    /** The longest start of {@code s} of at most {@code max} UTF-8 bytes, never splitting a character. */
    static String cutToBytes(String s, int max) {
        long n = 0;
        int i = 0;
        while (i < s.length()) {
            int cp = s.codePointAt(i);
            int size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            if (n + size > max) {
                break;
            }
            n += size;
            i += Character.charCount(cp);
        }
        return s.substring(0, i);
    }

    /** {@code N line(s) of worker W's log}: the words a note starts with. */
    static String lines(long n, String worker) {
        return n + (n == 1 ? " line" : " lines") + " of worker " + ConsoleText.strip(worker) + "'s log";
    }

    /** What went wrong reading, in words that end a note. */
    static String why(PlatformException e) {
        return ConsoleText.strip(e.getMessage());
    }
}
