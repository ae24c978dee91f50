package io.jenkins.plugins.trainingjob.core.platform;

import java.time.Duration;

/** Waits between retries. Injectable so that tests record the waits instead of sleeping. */
@FunctionalInterface
public interface Sleeper {

    void sleep(Duration duration) throws InterruptedException;

    /** Sleeps the current thread. */
    static Sleeper system() {
        return duration -> {
            if (!duration.isNegative() && !duration.isZero()) {
                Thread.sleep(duration.toMillis());
            }
        };
    }
}
