package io.jenkins.plugins.trainingjob.core.time;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Real time. Its timers run on one shared daemon thread, made when a timer is first set and ended after a
 * minute without timers, so nothing lingers in a JVM that stopped using it (a job monitor arms its own
 * timers on its scheduler, see {@link TimeSource#withTimersOn}).
 */
final class SystemTime implements TimeSource {
    static final SystemTime INSTANCE = new SystemTime();

    private final Clock clock = Clock.systemUTC();
    private final ScheduledThreadPoolExecutor timers;

    private SystemTime() {
        timers = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "trainingjob-timer");
            t.setDaemon(true);
            // Made lazily by whichever thread sets the first timer: never keep that thread's class loader
            // (in Jenkins a build's Groovy loader) alive for as long as this thread lives (JENKINS-49206).
            t.setContextClassLoader(SystemTime.class.getClassLoader());
            return t;
        });
        timers.setRemoveOnCancelPolicy(true);
        timers.setKeepAliveTime(1, TimeUnit.MINUTES);
        timers.allowCoreThreadTimeOut(true);
    }

    @Override
    public Instant now() {
        return clock.instant();
    }

    @Override
    public Timer schedule(Runnable task, Duration delay) {
        return ExecutorTimers.on(timers, task, delay);
    }

    @Override
    public void sleep(Duration duration) throws InterruptedException {
        if (!duration.isNegative() && !duration.isZero()) {
            TimeUnit.NANOSECONDS.sleep(duration.toNanos());
        }
    }

    @Override
    public boolean realTime() {
        return true;
    }

    @Override
    public String toString() {
        return "system time";
    }
}
