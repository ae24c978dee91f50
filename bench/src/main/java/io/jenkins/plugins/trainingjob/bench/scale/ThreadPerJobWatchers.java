package io.jenkins.plugins.trainingjob.bench.scale;

import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The peer baseline, what teams do today: one waiting thread per job (a pipeline step holding its
 * executor, or a {@code while curl ...; sleep} loop) calling {@code GET job} at a fixed interval. Threads
 * start at random offsets within one interval, as pipelines do. Each loop is bounded by {@code maxWait}.
 */
final class ThreadPerJobWatchers extends Watchers {
    private final TrainingPlatform platform;
    private final Duration poll;
    private final Duration maxWait;
    private final List<Thread> threads = new ArrayList<>();

    ThreadPerJobWatchers(TrainingPlatform platform, Duration poll, Duration maxWait) {
        this.platform = platform;
        this.poll = poll;
        this.maxWait = maxWait;
    }

    @Override
    void startWaits(List<JobRef> jobs) {
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < jobs.size(); i++) {
            JobRef job = jobs.get(i);
            long offsetMs = random.nextLong(poll.toMillis());
            Thread t = new Thread(() -> waitFor(job, offsetMs), "baseline-watch-" + i);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
    }

    private void waitFor(JobRef job, long offsetMs) {
        long deadline = System.nanoTime() + maxWait.toNanos();
        try {
            Thread.sleep(offsetMs);
            while (System.nanoTime() < deadline) {
                try {
                    JobStatus s = platform.status(job);
                    if (s.phase().isScheduled()) {
                        resolvedNow();
                        return;
                    }
                } catch (PlatformException e) {
                    // A script would print the error and try again next round.
                }
                Thread.sleep(poll.toMillis());
            }
            failedNow();
        } catch (InterruptedException e) {
            failedNow();
        }
    }

    @Override
    public void close() {
        threads.forEach(Thread::interrupt);
        for (Thread t : threads) {
            try {
                t.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
