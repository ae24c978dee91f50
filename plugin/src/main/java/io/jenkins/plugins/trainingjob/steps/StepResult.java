package io.jenkins.plugins.trainingjob.steps;

import io.jenkins.plugins.trainingjob.core.diagnosis.WaitEstimate;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.report.ArchivedReport;
import java.util.LinkedHashMap;
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
