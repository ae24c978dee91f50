package io.jenkins.plugins.trainingjob.steps;

import io.jenkins.plugins.trainingjob.core.diagnosis.WaitEstimate;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.report.Attempt;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.report.ArchivedReport;
import java.util.ArrayList;
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
        result.put("status", status == null ? "SUBMITTED" : status.phase().name());
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
        return result;
    }

    /**
     * The attempts as the steps' results list them: core's one document per attempt
     * ({@link Attempt#toDocument()}), with {@code ""} where the document has {@code null} (a Pipeline map
     * holds no nulls a script can test easily) and remote text stripped of control characters.
     */
    public static List<Map<String, Object>> attempts(List<Attempt> attempts) {
        List<Map<String, Object>> list = new ArrayList<>();
        for (Attempt a : attempts) {
            Map<String, Object> m = new LinkedHashMap<>();
            a.toDocument()
                    .forEach((k, v) -> m.put(k, v == null ? "" : v instanceof String t ? ConsoleText.strip(t) : v));
            list.add(m);
        }
        return list;
    }

    /**
     * The {@code reused} entry: core's document, plus {@code status}, the same phase under the name the steps
     * used before it was unified with the CLI's {@code phase} (kept for one release).
     */
    public static Map<String, String> reused(Map<String, String> document) {
        TreeMap<String, String> m = new TreeMap<>(document);
        if (m.containsKey("phase")) {
            m.put("status", m.get("phase"));
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
