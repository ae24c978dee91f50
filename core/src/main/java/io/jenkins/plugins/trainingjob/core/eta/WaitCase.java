package io.jenkins.plugins.trainingjob.core.eta;

/**
 * One question the estimator answers: how much longer a job of {@code size}, created at {@code created} and
 * still waiting at {@code at}, will wait, having found {@code line} ahead of it then. The job asked about
 * now is one; every past job of the window at the same age is another, asked as the history showed it
 * then, which is how the range learns from its own recent misses ({@link AdaptiveRange}).
 *
 * @param self the job's index in the {@link QueueTimeline}, or -1 when it is not listed (left out of its own
 *     evidence)
 * @param created epoch seconds; {@code at} likewise, not before it
 */
record WaitCase(SizeClass size, int self, long created, long at, QueueState line) {

    /** Seconds waited at {@code at}. */
    long elapsed() {
        return Math.max(0, at - created);
    }
}
