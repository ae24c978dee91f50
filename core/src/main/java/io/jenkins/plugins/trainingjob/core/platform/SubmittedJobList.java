package io.jenkins.plugins.trainingjob.core.platform;

/**
 * Platforms on which the jobs this tool submitted can be told apart from others in a list: AIHC, where
 * {@link TrainingPlatform#submit} puts the client token on the job as a label. SenseCore lists carry no
 * mark of ours (a spec may name the job), so its client does not implement this.
 */
public interface SubmittedJobList {

    /** Like {@link TrainingPlatform#listStatuses}, keeping only the jobs that carry the client-token mark. */
    StatusPage listSubmittedStatuses(String pageToken, int pageSize);
}
