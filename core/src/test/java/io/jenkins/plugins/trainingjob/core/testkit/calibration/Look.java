package io.jenkins.plugins.trainingjob.core.testkit.calibration;

import java.time.Duration;
import java.util.List;

/**
 * When a predictor is asked: at the submit, and at three later polls of a job still pending then. A watch
 * asks every poll; these four are the moments a person reads the answer at (the first line after the
 * submit, the first poll, a coffee, a meeting).
 */
public record Look(String name, Duration after) {

    public static final Look SUBMIT = new Look("at the submit", Duration.ZERO);
    public static final Look FIRST_POLL = new Look("+30 s", Duration.ofSeconds(30));
    public static final Look FIVE_MINUTES = new Look("+5 min", Duration.ofMinutes(5));
    public static final Look HALF_HOUR = new Look("+30 min", Duration.ofMinutes(30));

    public static final List<Look> ALL = List.of(SUBMIT, FIRST_POLL, FIVE_MINUTES, HALF_HOUR);

    /** Whether a job that waited {@code waitSeconds} in all is still pending at this look, and so is asked. */
    public boolean pendingAt(long waitSeconds) {
        return after.isZero() || waitSeconds > after.toSeconds();
    }
}
