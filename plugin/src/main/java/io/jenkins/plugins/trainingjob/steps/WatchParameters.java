package io.jenkins.plugins.trainingjob.steps;

import io.jenkins.plugins.trainingjob.Connection;

/**
 * The parameters of every step that waits for a job ({@code submitTrainingJob}, {@code awaitScheduleDiagnosis},
 * the freestyle builder): where the job runs and what the wait does when it ends badly. {@link WatchingExecution}
 * takes them from here, once for both Pipeline steps.
 */
interface WatchParameters {
    String getConnection();

    Connection getPlatform();

    String getPendingTimeout();

    String getMaxWait();

    boolean isFailOnUnschedulable();

    boolean isCancelOnAbort();

    boolean isCancelOnFailure();

    boolean isFailOnJobFailure();
}
