package io.jenkins.plugins.trainingjob.core.eta;

import java.util.List;

/**
 * A queue's history as numbers, so that it can be read as it was at any earlier instant: when each job was
 * created and started (epoch seconds; {@link Long#MAX_VALUE} while it waits), and its size class. A start
 * after an instant is not known at that instant ({@link HistoryJob#seenAt}), which is how the estimator
 * asks what it would have said for a past job at the same age as the job it is asked about now. Built
 * once per estimate from the history, oldest first like it.
 */
final class QueueTimeline {

    static final long WAITING = Long.MAX_VALUE;

    private final List<HistoryJob> jobs;
    private final long[] created;
    private final long[] started;
    private final SizeClass[] sizes;

    private QueueTimeline(List<HistoryJob> jobs) {
        this.jobs = jobs;
        int n = jobs.size();
        created = new long[n];
        started = new long[n];
        sizes = new SizeClass[n];
        for (int i = 0; i < n; i++) {
            HistoryJob j = jobs.get(i);
            created[i] = j.createdAt().getEpochSecond();
            started[i] = j.started() ? j.startedAt().getEpochSecond() : WAITING;
            sizes[i] = j.sizeClass();
        }
    }

    static QueueTimeline of(QueueHistory history) {
        return new QueueTimeline(history.jobs());
    }

    int size() {
        return created.length;
    }

    List<HistoryJob> jobs() {
        return jobs;
    }

    long created(int i) {
        return created[i];
    }

    SizeClass size(int i) {
        return sizes[i];
    }

    /** Whether job {@code i} had started by {@code at}. */
    boolean startedBy(int i, long at) {
        return started[i] <= at;
    }

    /** How long job {@code i} had waited at {@code at}: to its start, or to {@code at} while it still waited. */
    long waitedSoFar(int i, long at) {
        return Math.max(0, Math.min(started[i], at) - created[i]);
    }

    /** The index of the job of that id, or -1: the job an estimate is for may not be listed yet. */
    int indexOf(String id) {
        for (int i = jobs.size() - 1; i >= 0; i--) {
            if (jobs.get(i).id().equals(id)) {
                return i;
            }
        }
        return -1;
    }

    /** One past the last job created at or before {@code at} (jobs are oldest first). */
    int createdUpTo(long at) {
        return Distribution.upperBound(created, at);
    }

    /**
     * The line each job found at {@code elapsed} seconds of age ({@link QueueState}), for the jobs that had
     * reached that age by {@code now}; {@code null} for the younger ones. One sweep for all of them.
     */
    QueueState[] linesAtAge(long elapsed, long now) {
        int n = createdUpTo(now - elapsed);
        int[] looked = new int[n];
        for (int i = 0; i < n; i++) {
            looked[i] = i;
        }
        QueueState[] swept = QueueState.atLooks(jobs, looked, elapsed);
        QueueState[] out = new QueueState[size()];
        System.arraycopy(swept, 0, out, 0, n);
        return out;
    }
}
