package io.jenkins.plugins.trainingjob.core.testkit.calibration;

import io.jenkins.plugins.trainingjob.core.eta.Capacity;
import io.jenkins.plugins.trainingjob.core.eta.PendingJob;
import io.jenkins.plugins.trainingjob.core.eta.QueueHistory;

/** A way to predict a job's wait at its submit from what could be seen then. */
public interface Predictor {

    String name();

    /** @param history the queue as seen at the job's submit; the job itself may be in it (skip it by id) */
    Prediction predict(QueueHistory history, PendingJob job, Capacity capacity);
}
