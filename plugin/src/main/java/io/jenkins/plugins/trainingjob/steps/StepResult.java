package io.jenkins.plugins.trainingjob.steps;

import io.jenkins.plugins.trainingjob.core.diagnosis.WaitEstimate;
import io.jenkins.plugins.trainingjob.core.outcome.JobFailure;
import io.jenkins.plugins.trainingjob.core.outcome.LogTail;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.report.Attempt;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.report.ArchivedReport;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * What the steps return to a Pipeline script: plain strings in maps, which the sandbox allows and the
 * Pipeline engine persists.
 */
@Restricted(NoExternalUse.class)
public final class StepResult {
    /** The job's phase, the name core's documents and the CLI's JSON give it ({@code status.phase}, {@code reused.phase}). */
    static final String PHASE = "phase";

    /**
     * The same phase under the name the steps gave it before it was unified with the CLI's, kept for one
     * release (docs/jenkins.md): {@code SUBMITTED} where no status was read and {@link #PHASE} is {@code ''}.
     */
    static final String FORMER_PHASE = "status";

    private static final String NOT_READ = "SUBMITTED";

    private StepResult() {}

    /**
     * @param status the last status seen, or {@code null} when none was fetched
     * @param report the attached diagnosis, or {@code null}
     */
    public static Map<String, Object> of(JobRef job, JobStatus status, ArchivedReport report) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("jobId", job.id());
        result.put("name", job.name());
        result.put("platform", job.platform().id());
        result.put(PHASE, status == null ? "" : status.phase().name());
        result.put("state", status == null ? "" : status.rawState());
        if (status != null && status.consoleUrl() != null) {
            result.put("consoleUrl", status.consoleUrl());
        }
        if (report != null) {
            result.put("diagnosis", report.headline());
            result.put("verdict", report.verdict());
            result.put("reportUrl", report.url());
            result.put("reportFiles", new TreeMap<>(report.files()));
        }
        return withFormerPhase(result);
    }

    /**
     * A result (or its {@code reused} entry) with both names of the phase: {@link #FORMER_PHASE} from
     * {@link #PHASE}, or, in a result saved before the two were unified (a {@link KnownResult} of an earlier
     * release, delivered after a restart), {@link #PHASE} from {@link #FORMER_PHASE}. The steps' one place
     * that knows the alias; drop it with the alias.
     */
    static Map<String, Object> withFormerPhase(Map<String, Object> result) {
        Object phase = result.get(PHASE);
        Object former = result.get(FORMER_PHASE);
        if (phase instanceof String p && former == null) {
            result.put(FORMER_PHASE, p.isEmpty() ? NOT_READ : p);
        } else if (phase == null && former instanceof String f) {
            result.put(PHASE, f.equals(NOT_READ) ? "" : f);
        }
        return result;
    }

    /**
     * A document core produced ({@code toDocument()}: an attempt, a failure, a log tail, the reused job, the
     * outputs) as a step's result holds it: {@code ""} where the document has {@code null} (a Pipeline map
     * holds no nulls a script can test easily), remote text stripped of control characters, and plain mutable
     * maps and lists, which the Pipeline engine persists. The steps' one adapter of core's documents; the
     * CLI's JSON takes them as they are.
     */
    public static Map<String, Object> document(Map<String, ?> document) {
        Map<String, Object> m = new LinkedHashMap<>();
        document.forEach((k, v) -> m.put(k, value(v)));
        return m;
    }

    private static Object value(Object v) {
        if (v == null) {
            return "";
        }
        if (v instanceof String t) {
            return ConsoleText.strip(t);
        }
        if (v instanceof Map<?, ?> map) {
            Map<String, Object> m = new LinkedHashMap<>();
            map.forEach((k, e) -> m.put(String.valueOf(k), value(e)));
            return m;
        }
        if (v instanceof Collection<?> list) {
            List<Object> l = new ArrayList<>();
            list.forEach(e -> l.add(value(e)));
            return l;
        }
        return v;
    }

    /** The attempts as the steps' results list them: core's one document per attempt ({@link Attempt#toDocument()}). */
    public static List<Map<String, Object>> attempts(List<Attempt> attempts) {
        List<Map<String, Object>> list = new ArrayList<>();
        for (Attempt a : attempts) {
            list.add(document(a.toDocument()));
        }
        return list;
    }

    /**
     * The {@code reused} entry: core's document ({@code SpecReuse.Reused.toDocument()}), plus its phase under
     * the former name too ({@link #withFormerPhase}).
     */
    public static Map<String, Object> reused(Map<String, String> document) {
        return withFormerPhase(new TreeMap<>(document(document)));
    }

    /**
     * The {@code failure} entry: core's document ({@link JobFailure#toDocument()}), the one the CLI's JSON
     * has, plus what the steps returned before it was unified with it, kept for one release (docs/jenkins.md):
     * {@code lastEvents}, each event as one line {@code <reason>: <message>}, and {@code logTail}, the failing
     * worker's last lines (now the result's own {@code logTail}).
     *
     * @param tail the failing worker's last lines, or {@code null} when none were read
     */
    public static Map<String, Object> failure(JobFailure failure, LogTail tail) {
        Map<String, Object> m = document(failure.toDocument());
        List<String> lines = new ArrayList<>();
        for (JobEvent e : failure.lastEvents()) {
            lines.add(ConsoleText.strip(e.reason()) + ": " + ConsoleText.strip(e.message()));
        }
        m.put("lastEvents", lines);
        if (tail != null) {
            m.put("logTail", new ArrayList<>(tail.lines()));
        }
        return m;
    }

    /**
     * The result with the watch's last estimate: {@code eta: [p10:, p50:, p90:]} in seconds from when it was
     * made (only when there was a range) and {@code etaBasis}, what it rested on or why there was none.
     */
    public static Map<String, Object> withEta(Map<String, Object> result, WaitEstimate eta) {
        if (eta == null) {
            return result;
        }
        if (eta.known()) {
            Map<String, Object> range = new LinkedHashMap<>();
            range.put("p10", eta.p10());
            range.put("p50", eta.p50());
            range.put("p90", eta.p90());
            result.put("eta", range);
        }
        result.put("etaBasis", eta.known() ? eta.basis() : eta.summary());
        return result;
    }
}
