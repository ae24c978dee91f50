package io.jenkins.plugins.trainingjob.core.eta;

import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.StatusPage;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Who is ahead of a pending job: the jobs of its list (AIHC: its queue; SenseCore: its workspace) that
 * still wait and were created before it, in queue order (the platform's queue position where it gives one,
 * else age), so a user knows whom to ask. Read in bounded pages, newest first, until the page reaches past
 * the job's creation. The list shows no priority, so none is claimed.
 */
public final class JobsAhead {

    static final int PAGE_SIZE = 100;
    static final int MAX_JOBS = 5_000;

    private JobsAhead() {}

    /**
     * By the platform's queue positions when both have one (two jobs created in the same second are
     * ordered there), else by creation time, strictly: a tie proves nothing.
     */
    static boolean isAhead(JobStatus other, JobStatus job) {
        if (other.queuePosition() != null && job.queuePosition() != null) {
            return other.queuePosition() < job.queuePosition();
        }
        return other.createdAt().isBefore(job.createdAt());
    }

    public static List<JobStatus> of(TrainingPlatform platform, JobStatus job) {
        List<JobStatus> ahead = new ArrayList<>();
        if (job.createdAt() == null) {
            return ahead;
        }
        String token = null;
        int read = 0;
        do {
            StatusPage page = platform.listStatuses(token, PAGE_SIZE);
            boolean older = false;
            for (JobStatus s : page.jobs()) {
                read++;
                if (s.createdAt() == null || s.job().id().equals(job.job().id())) {
                    continue;
                }
                if (s.createdAt().isBefore(job.createdAt())) {
                    older = true;
                }
                if (s.phase() == JobPhase.PENDING && isAhead(s, job)) {
                    ahead.add(s);
                }
            }
            token = page.nextPageToken();
            // newest first: once a page is all older than the job, the rest is older still, but may wait too
            if (older && read >= MAX_JOBS) {
                break;
            }
        } while (token != null && read < MAX_JOBS);
        ahead.sort(Comparator.comparingInt(
                        (JobStatus s) -> s.queuePosition() == null ? Integer.MAX_VALUE : s.queuePosition())
                .thenComparing(JobStatus::createdAt));
        return ahead;
    }
}
