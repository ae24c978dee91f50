package io.jenkins.plugins.trainingjob.core.monitor;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a finished job's log gave for a pipeline to read: the outputs by name (sorted), the worker whose
 * log was read, and notes on what was not read. When nothing could be read, {@link #unavailable()} says
 * why (SenseCore serves no logs; the log could not be fetched): an empty map alone never means "none".
 *
 * @param values output values, remote data already stripped of control characters; never {@code null}
 * @param worker the worker whose log was read; empty when none was
 * @param unavailable why no log was read, else empty
 * @param notes what was read only in part (a log cut at the bound, a value too long), else empty
 */
public record JobOutputs(Map<String, String> values, String worker, String unavailable, List<String> notes) {

    public JobOutputs {
        values = values == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(values));
        worker = worker == null ? "" : worker;
        unavailable = unavailable == null ? "" : unavailable;
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    /** No log was read, for the reason given. */
    public static JobOutputs unavailable(String why) {
        return new JobOutputs(Map.of(), "", why, List.of());
    }

    @JsonIgnore
    public boolean isAvailable() {
        return unavailable.isEmpty();
    }

    /**
     * The outputs as both front ends' result documents give them (the CLI's JSON, the Jenkins steps' result
     * map): {@code outputs} and, when any, {@code outputsNotes}; or {@code outputsUnavailable} saying why
     * none were read. Plain mutable collections, which a Pipeline's saved result can hold.
     */
    public Map<String, Object> resultEntries() {
        Map<String, Object> entries = new LinkedHashMap<>();
        if (isAvailable()) {
            entries.put("outputs", new LinkedHashMap<>(values));
            if (!notes.isEmpty()) {
                entries.put("outputsNotes", new ArrayList<>(notes));
            }
        } else {
            entries.put("outputsUnavailable", unavailable);
        }
        return entries;
    }
}
