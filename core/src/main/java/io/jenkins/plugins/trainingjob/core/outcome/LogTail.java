package io.jenkins.plugins.trainingjob.core.outcome;

import java.util.List;

/**
 * The last lines of one worker's log, already safe for a console: what the end of a failed job's wait read
 * from the failing worker ({@code core.monitor.WorkerLogReader}).
 *
 * @param worker the worker whose log it is; empty when the platform named none
 * @param lines the last lines, oldest first, each stripped of control characters and bounded
 * @param note what was not read and why, else empty
 */
public record LogTail(String worker, List<String> lines, String note) {
    public LogTail {
        lines = lines == null ? List.of() : List.copyOf(lines);
        note = note == null ? "" : note;
    }
}
