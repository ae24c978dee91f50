package io.jenkins.plugins.trainingjob.core.eta;

import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.StatusPage;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reads a queue's recent jobs from the platform's job list into a {@link QueueHistory}. The list has no time
 * filter (AIHC sorts by {@code createdAt}, newest first), so it pages until a whole page was created before
 * the window and none of it is still running or waiting (an old job that still runs blocks new ones), and
 * never past {@link #maxJobs} jobs or {@link #maxPages} pages: memory and calls stay bounded on a queue of
 * any size, and the history says when the bound cut it short. Deleted jobs are absent from the list.
 */
public final class HistoryReader {

    static final int DEFAULT_PAGE_SIZE = 100;
    static final int DEFAULT_MAX_JOBS = 20_000;

    private static final String SENSECORE_SCOPE = "SenseCore lists only this workspace's jobs in the pool:"
            + " other workspaces' jobs are invisible to it, and it lists no nodes";

    private final int pageSize;
    private final int maxJobs;
    private final int maxPages;

    public HistoryReader() {
        this(DEFAULT_PAGE_SIZE, DEFAULT_MAX_JOBS);
    }

    public HistoryReader(int pageSize, int maxJobs) {
        if (pageSize < 1 || maxJobs < 1) {
            throw new IllegalArgumentException("pageSize and maxJobs must be at least 1");
        }
        this.pageSize = pageSize;
        this.maxJobs = maxJobs;
        this.maxPages = (maxJobs + pageSize - 1) / pageSize;
    }

    /** The connection's queue (AIHC queue, SenseCore pool) over {@code window} before {@code now}. */
    public QueueHistory read(TrainingPlatform platform, String queue, Duration window, Instant now) {
        Objects.requireNonNull(window, "window");
        Instant from = now.minus(window);
        List<HistoryJob> jobs = new ArrayList<>();
        String token = null;
        boolean truncated = false;
        for (int page = 0; ; page++) {
            if (page >= maxPages || jobs.size() >= maxJobs) {
                truncated = true;
                break;
            }
            StatusPage p = platform.listStatuses(token, pageSize);
            boolean pageStillMatters = false;
            for (JobStatus s : p.jobs()) {
                if (s.createdAt() == null) {
                    continue; // a job without a creation time says nothing about waits
                }
                if (s.startedAt() == null && s.phase().isTerminal()) {
                    // stopped or failed while it waited: it never started, so it has no wait to teach and
                    // is ahead of nobody; kept, it would look like a job waiting for ever
                    continue;
                }
                HistoryJob j = new HistoryJob(s.job().id(), s.gpus(), s.createdAt(), s.startedAt(), s.finishedAt());
                boolean open = !j.finished() && !s.phase().isTerminal();
                if (!j.createdAt().isBefore(from)
                        || open
                        || (j.finished() && !j.finishedAt().isBefore(from))) {
                    pageStillMatters = true;
                    if (jobs.size() < maxJobs) {
                        jobs.add(j);
                    }
                }
            }
            if (!p.hasNext() || !pageStillMatters) {
                break;
            }
            token = p.nextPageToken();
        }
        String scope = platform.kind() == PlatformKind.SENSECORE ? SENSECORE_SCOPE : "";
        return new QueueHistory(queue, now, window, jobs, truncated, scope);
    }
}
