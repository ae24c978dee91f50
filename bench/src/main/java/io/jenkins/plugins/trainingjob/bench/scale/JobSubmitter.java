package io.jenkins.plugins.trainingjob.bench.scale;

import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Submits N bench jobs through the real client, from a bounded pool (the simulator has no bulk create). */
public final class JobSubmitter {
    private static final int THREADS = 8;

    private JobSubmitter() {}

    public static List<JobRef> submit(TrainingPlatform platform, String prefix, int count) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        try {
            List<Future<JobRef>> futures = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                String name = prefix + "-" + i;
                futures.add(pool.submit(() -> platform.submit(BenchJobSpec.of(name), name)));
            }
            List<JobRef> jobs = new ArrayList<>(count);
            for (Future<JobRef> f : futures) {
                try {
                    jobs.add(f.get());
                } catch (ExecutionException e) {
                    throw new IllegalStateException("submitting a bench job failed: " + e.getCause(), e.getCause());
                }
            }
            return jobs;
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
    }
}
