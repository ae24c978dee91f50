package io.jenkins.plugins.trainingjob.bench.scale;

import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import java.time.Duration;
import java.util.List;

/** N concurrent waits for "scheduled", done one way or another; records when each one resolved. */
interface Watchers extends AutoCloseable {

    void start(List<JobRef> jobs);

    /** Waits until every watch resolved or the timeout passed; true when all resolved. */
    boolean awaitAll(Duration timeout) throws InterruptedException;

    /** {@link System#nanoTime()} of each resolution so far (unordered). */
    long[] resolvedAtNanos();

    /** Watches that ended otherwise than "scheduled" (errors, timeouts). */
    int failures();

    @Override
    void close();
}
