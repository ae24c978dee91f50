package io.jenkins.plugins.trainingjob.core.testkit.calibration;

import io.jenkins.plugins.trainingjob.core.eta.Capacity;
import io.jenkins.plugins.trainingjob.core.eta.PendingJob;
import io.jenkins.plugins.trainingjob.core.eta.QueueHistory;
import java.time.Instant;

/** A way to predict a job's wait at its submit from what could be seen then. */
public interface Predictor {

    String name();

    /**
     * The wait still ahead of the job at {@code now}, in seconds from {@code now}.
     *
     * @param history the queue as seen at {@code now}; the job itself may be in it (skip it by id)
     */
    Prediction predict(QueueHistory history, PendingJob job, Capacity capacity, Instant now);

    /** What a predictor answers, without its name: for {@link #named}. */
    @FunctionalInterface
    interface Answer {
        Prediction predict(QueueHistory history, PendingJob job, Capacity capacity, Instant now);
    }

    /** A predictor of that name that answers as {@code answer} does. */
    static Predictor named(String name, Answer answer) {
        return new Predictor() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Prediction predict(QueueHistory history, PendingJob job, Capacity capacity, Instant now) {
                return answer.predict(history, job, capacity, now);
            }
        };
    }
}
