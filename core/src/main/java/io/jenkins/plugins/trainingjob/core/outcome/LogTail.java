package io.jenkins.plugins.trainingjob.core.outcome;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

    /**
     * The tail as every result document gives it (the CLI's JSON and the steps' return map, {@code logTail}):
     * {@code worker} and {@code note} only when known, and {@code lines}, oldest first.
     */
    public Map<String, Object> toDocument() {
        Map<String, Object> doc = new LinkedHashMap<>();
        if (!worker.isEmpty()) {
            doc.put("worker", worker);
        }
        doc.put("lines", lines);
        if (!note.isEmpty()) {
            doc.put("note", note);
        }
        return doc;
    }
}
