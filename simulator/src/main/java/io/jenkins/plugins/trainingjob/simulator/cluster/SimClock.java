package io.jenkins.plugins.trainingjob.simulator.cluster;

import java.time.Duration;
import java.time.Instant;
import java.util.function.LongSupplier;

/**
 * Simulated time: {@code origin + manual offset + speed × real time elapsed}. Speed 0 freezes the clock
 * so that only {@link #advance} moves it (what deterministic tests use); speed 60 makes a simulated
 * minute pass every real second.
 */
public final class SimClock {
    private final LongSupplier nanoTime;
    private final double speed;
    private volatile Instant origin;
    private volatile long realStartNanos;
    private volatile long offsetMillis;

    public SimClock(Instant origin, double speed, LongSupplier nanoTime) {
        if (speed < 0 || Double.isNaN(speed)) {
            throw new IllegalArgumentException("timing.speed must be 0 or more, was " + speed);
        }
        this.origin = origin;
        this.speed = speed;
        this.nanoTime = nanoTime;
        this.realStartNanos = nanoTime.getAsLong();
    }

    public static SimClock system(double speed) {
        return new SimClock(Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS), speed, System::nanoTime);
    }

    public Instant now() {
        long realMillis = (long) ((nanoTime.getAsLong() - realStartNanos) / 1_000_000d * speed);
        return origin.plusMillis(offsetMillis + realMillis);
    }

    public synchronized void advance(Duration d) {
        if (d.isNegative()) {
            throw new IllegalArgumentException("the clock only moves forward, got " + d);
        }
        offsetMillis += d.toMillis();
    }

    public double speed() {
        return speed;
    }

    /** Back to the start: the origin becomes the current real time. */
    public synchronized void reset(Instant newOrigin) {
        origin = newOrigin;
        offsetMillis = 0;
        realStartNanos = nanoTime.getAsLong();
    }
}
