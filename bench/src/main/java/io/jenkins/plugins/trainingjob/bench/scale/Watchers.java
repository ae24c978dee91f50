package io.jenkins.plugins.trainingjob.bench.scale;

import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * N concurrent waits for "scheduled", done one way or another; records when each one resolved. The tally
 * lives here so that the monitor and the baseline are counted by the same code.
 */
abstract class Watchers implements AutoCloseable {
    private final ConcurrentLinkedQueue<Long> resolved = new ConcurrentLinkedQueue<>();
    private final AtomicInteger failures = new AtomicInteger();
    private volatile CountDownLatch done = new CountDownLatch(0);

    /** Starts one wait per job; each ends in {@link #resolvedNow()} or {@link #failedNow()}, once. */
    final void start(List<JobRef> jobs) {
        done = new CountDownLatch(jobs.size());
        startWaits(jobs);
    }

    abstract void startWaits(List<JobRef> jobs);

    /** A wait saw its job scheduled. */
    protected final void resolvedNow() {
        resolved.add(System.nanoTime());
        done.countDown();
    }

    /** A wait ended otherwise than "scheduled" (an error, its time limit, an interrupt). */
    protected final void failedNow() {
        failures.incrementAndGet();
        done.countDown();
    }

    /** Waits until every watch resolved or the timeout passed; true when all resolved. */
    final boolean awaitAll(Duration timeout) throws InterruptedException {
        return done.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** {@link System#nanoTime()} of each resolution so far (unordered). */
    final long[] resolvedAtNanos() {
        return resolved.stream().mapToLong(Long::longValue).toArray();
    }

    /** Watches that ended otherwise than "scheduled" (errors, timeouts). */
    final int failures() {
        return failures.get();
    }

    /** Watches that got at least one estimate of their job's start; 0 for a side that does not estimate. */
    int estimated() {
        return 0;
    }

    @Override
    public abstract void close();
}
