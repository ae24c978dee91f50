package io.jenkins.plugins.trainingjob.core.monitor;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.spec.OutputRules;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a finished job's log gave for a pipeline to read: the declared outputs by name (sorted), the job's
 * final phase, the worker whose log was read, and notes on what was not read. When nothing could be read,
 * {@link #unavailable()} says why (SenseCore serves no logs; the log could not be fetched): an empty map
 * alone never means "none".
 *
 * <p>The phase travels with the values everywhere they go, under {@link OutputRules#STATUS}: a gate reads
 * {@code STATUS=SUCCEEDED} before it trusts a value, and a job that did not succeed is marked as such. The
 * outputs file goes further and carries only {@code STATUS} for such a job ({@link #gateValues()}).
 *
 * @param values output values, remote data already stripped of control characters; never {@code null}
 * @param worker the worker whose log was read; empty when none was
 * @param unavailable why no log was read, else empty
 * @param notes what was read only in part (a log cut at the bound, a value too long), else empty
 * @param phase the job's final phase, or {@code null} when not known
 */
public record JobOutputs(
        Map<String, String> values, String worker, String unavailable, List<String> notes, JobPhase phase) {

    public JobOutputs {
        values = values == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(values));
        worker = worker == null ? "" : worker;
        unavailable = unavailable == null ? "" : unavailable;
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    /** Outputs of a job whose phase is not known. */
    public JobOutputs(Map<String, String> values, String worker, String unavailable, List<String> notes) {
        this(values, worker, unavailable, notes, null);
    }

    /** No log was read, for the reason given. */
    public static JobOutputs unavailable(String why) {
        return unavailable(why, null);
    }

    /** No log was read of a job that ended in {@code phase}, for the reason given. */
    public static JobOutputs unavailable(String why, JobPhase phase) {
        return new JobOutputs(Map.of(), "", why, List.of(), phase);
    }

    @JsonIgnore
    public boolean isAvailable() {
        return unavailable.isEmpty();
    }

    /** Whether the job ended {@link JobPhase#SUCCEEDED}: only then do its values pass a gate. */
    @JsonIgnore
    public boolean succeeded() {
        return phase == JobPhase.SUCCEEDED;
    }

    /**
     * What an outputs file (a gate's input) carries: {@code STATUS} with the final phase, then the values
     * only when the job succeeded. A failed or stopped job's values stay in the result documents, next to
     * its {@code STATUS}, for people; a gate that forgets to read {@code STATUS} still cannot pass on them.
     */
    public Map<String, String> gateValues() {
        Map<String, String> out = new LinkedHashMap<>();
        out.put(OutputRules.STATUS, phase == null ? JobPhase.UNKNOWN.name() : phase.name());
        if (succeeded()) {
            out.putAll(values);
        }
        return out;
    }

    /**
     * The outputs as both front ends' result documents give them (the CLI's JSON, the Jenkins steps' result
     * map): {@code outputs} ({@code STATUS} and the values read) and, when any, {@code outputsNotes}; or
     * {@code outputsUnavailable} saying why none were read (with {@code outputs} holding only
     * {@code STATUS}). Plain mutable collections, which a Pipeline's saved result can hold.
     */
    public Map<String, Object> resultEntries() {
        Map<String, Object> entries = new LinkedHashMap<>();
        Map<String, String> outputs = new LinkedHashMap<>();
        if (phase != null) {
            outputs.put(OutputRules.STATUS, phase.name());
        }
        if (isAvailable()) {
            outputs.putAll(values);
            entries.put("outputs", outputs);
            if (!notes.isEmpty()) {
                entries.put("outputsNotes", new ArrayList<>(notes));
            }
        } else {
            if (!outputs.isEmpty()) {
                entries.put("outputs", outputs);
            }
            entries.put("outputsUnavailable", unavailable);
        }
        return entries;
    }
}
