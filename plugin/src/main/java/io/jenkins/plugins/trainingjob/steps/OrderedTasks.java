package io.jenkins.plugins.trainingjob.steps;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One step's log lines, state saves and outcome, run one at a time and in order on a shared pool. The
 * monitor's scheduler thread only queues here, so a build log that blocks (a remote log store, a
 * Pipeline still loading after a restart) holds up its own step and no other watch.
 */
final class OrderedTasks {
    private static final System.Logger LOG = System.getLogger(OrderedTasks.class.getName());

    private final Executor executor;
    private final Queue<Runnable> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean draining = new AtomicBoolean();

    OrderedTasks(Executor executor) {
        this.executor = executor;
    }

    /** Queues {@code task} after every task queued before; returns at once. */
    void run(Runnable task) {
        queue.add(task);
        schedule();
    }

    private void schedule() {
        if (!draining.compareAndSet(false, true)) {
            return;
        }
        try {
            executor.execute(this::drain);
        } catch (RejectedExecutionException e) {
            // the pool closed (controller shutdown): the step resumes from its saved state instead
            queue.clear();
            draining.set(false);
        }
    }

    private void drain() {
        try {
            Runnable task;
            while ((task = queue.poll()) != null) {
                try {
                    task.run();
                } catch (RuntimeException e) {
                    LOG.log(System.Logger.Level.WARNING, "training job step task failed", e);
                }
            }
        } finally {
            draining.set(false);
        }
        if (!queue.isEmpty()) {
            schedule();
        }
    }
}
