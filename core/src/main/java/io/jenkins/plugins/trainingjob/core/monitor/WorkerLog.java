package io.jenkins.plugins.trainingjob.core.monitor;

import java.util.List;

/**
 * The part of one worker's log that was read: its lines (remote data, not yet stripped) and whether the
 * read stopped at the bound before the log's end.
 */
public record WorkerLog(String worker, List<String> lines, boolean cut) {
    public WorkerLog {
        worker = worker == null ? "" : worker;
        lines = lines == null ? List.of() : List.copyOf(lines);
    }

    /** The last {@code n} lines. */
    public List<String> tail(int n) {
        return lines.subList(Math.max(0, lines.size() - n), lines.size());
    }
}
