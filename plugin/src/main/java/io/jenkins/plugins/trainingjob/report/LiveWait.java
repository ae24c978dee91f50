package io.jenkins.plugins.trainingjob.report;

import java.io.Serializable;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * Where a job the build is still waiting for stands, for the build page: its state, its place in the queue,
 * the start the watch last estimated, and the monitor's last line, as of {@code updatedAt}. Plain strings and
 * numbers in core's words (the event lines and the estimate's summary are core's), so the build record
 * never depends on core's classes; every string may hold remote data and the view escapes it.
 */
@Restricted(NoExternalUse.class)
public final class LiveWait implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'");

    private final String jobId;
    private final String jobName;
    private final String platform;
    private final String state;
    private final Integer queuePosition;
    private final String eta;
    private final String lastEvent;
    private final long updatedAt;

    LiveWait(
            String jobId,
            String jobName,
            String platform,
            String state,
            Integer queuePosition,
            String eta,
            String lastEvent,
            long updatedAt) {
        this.jobId = jobId;
        this.jobName = jobName;
        this.platform = platform;
        this.state = state;
        this.queuePosition = queuePosition;
        this.eta = eta;
        this.lastEvent = lastEvent;
        this.updatedAt = updatedAt;
    }

    public String getJobId() {
        return jobId;
    }

    public String getJobName() {
        return jobName;
    }

    /** The platform's display name ({@code Baidu AIHC}). */
    public String getPlatform() {
        return platform;
    }

    /** The job's phase as the monitor normalises it: {@code PENDING}, {@code RUNNING}, ... */
    public String getState() {
        return state;
    }

    /** Its place in the queue when the platform says, else {@code null}. */
    public Integer getQueuePosition() {
        return queuePosition;
    }

    /** The watch's last estimate of its start (a range, or why there is none) while it is pending, else null. */
    public String getEta() {
        return eta;
    }

    /** The monitor's last line about it, as the build log has it. */
    public String getLastEvent() {
        return lastEvent;
    }

    public long getUpdatedAt() {
        return updatedAt;
    }

    /** When it was last heard of, in UTC, to the second. */
    public String getUpdated() {
        return TIME.format(Instant.ofEpochMilli(updatedAt).atOffset(ZoneOffset.UTC));
    }
}
