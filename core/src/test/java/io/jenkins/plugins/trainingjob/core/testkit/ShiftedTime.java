package io.jenkins.plugins.trainingjob.core.testkit;

import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Another source's time read some way off (an offset that may change while it runs): a machine whose clock
 * is ahead of or behind the one that fires the timers. Timers, sleeps and pace are the other source's.
 */
public final class ShiftedTime implements TimeSource {
    private final TimeSource base;
    private final Supplier<Duration> offset;

    /** @param offset read at every {@link #now()}: how far this time is ahead of {@code base} (negative: behind) */
    public ShiftedTime(TimeSource base, Supplier<Duration> offset) {
        this.base = Objects.requireNonNull(base, "base");
        this.offset = Objects.requireNonNull(offset, "offset");
    }

    @Override
    public Instant now() {
        return base.now().plus(offset.get());
    }

    @Override
    public Timer schedule(Runnable task, Duration delay) {
        return base.schedule(task, delay);
    }

    @Override
    public void sleep(Duration duration) throws InterruptedException {
        base.sleep(duration);
    }

    @Override
    public boolean realTime() {
        return base.realTime();
    }
}
