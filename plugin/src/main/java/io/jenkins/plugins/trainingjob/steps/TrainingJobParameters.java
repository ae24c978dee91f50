package io.jenkins.plugins.trainingjob.steps;

/** The parameters {@code submitTrainingJob} and the freestyle builder share: a wait's, and the spec. */
interface TrainingJobParameters extends WatchParameters {
    String getSpec();

    String getSpecText();
}
