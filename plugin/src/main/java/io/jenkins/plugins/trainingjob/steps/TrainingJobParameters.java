package io.jenkins.plugins.trainingjob.steps;

import io.jenkins.plugins.trainingjob.Connection;

/** The parameters {@code submitTrainingJob} and the freestyle builder share. */
interface TrainingJobParameters {
    String getConnection();

    Connection getPlatform();

    String getSpec();

    String getSpecText();

    String getPendingTimeout();

    boolean isFailOnUnschedulable();

    boolean isCancelOnAbort();
}
