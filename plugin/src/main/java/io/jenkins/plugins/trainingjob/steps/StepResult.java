package io.jenkins.plugins.trainingjob.steps;

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
    private StepResult() {
    }

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
}
