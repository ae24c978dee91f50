package io.jenkins.plugins.trainingjob.core.platform;

import java.util.List;

/**
 * One page of a pool's or workspace's job list. {@code nextPageToken} is {@code null} on the last page.
 */
public record StatusPage(List<JobStatus> jobs, String nextPageToken) {
    public StatusPage {
        jobs = List.copyOf(jobs);
        if (nextPageToken != null && nextPageToken.isEmpty()) {
            nextPageToken = null;
        }
    }

    public boolean hasNext() {
        return nextPageToken != null;
    }
}
