package io.jenkins.plugins.trainingjob.core.eta;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A queue's history as numbers, so that it can be read as it was at any earlier instant: when each job was
 * created and started (epoch seconds; {@link Long#MAX_VALUE} while it waits), and its size class. A start
 * after an instant is not known at that instant ({@link HistoryJob#seenAt}), which is how the estimator
 * asks what it would have said for a past job at the same age as the job it is asked about now. Oldest
 * first like the history. Built once per history ({@link QueueHistory#timeline}) and shared by every
 * estimate on it, with the calibration's replays at the last {@link #MAX_AGES} ages asked ({@link
 * ReplayedRanges}); {@link #of} builds one that keeps nothing, for an estimate computed alone.
 */
final class QueueTimeline {

    static final long WAITING = Long.MAX_VALUE;
    /**
     * The ages whose replays are kept, the most recently asked: the watches of a queue that ask at one age in a
     * round are usually asked one after the other. Each holds a line per job and the ranges of the past jobs
     * replayed, so memory stays a small multiple of the history's own.
     */
    static final int MAX_AGES = 4;

    private final List<HistoryJob> jobs;
    private final long window;
    private final long[] created;
    private final long[] started;
    private final SizeClass[] sizes;
    /** The creations and starts in time order, for the line sweep at any age ({@link QueueState#events}). */
    private final long[] events;

    private final boolean keeps;
    /** Guarded by itself; the replays are built outside the lock. */
    private final RecentAges replays = new RecentAges();

    /** The replays of the {@link #MAX_AGES} ages asked most recently. */
    private static final class RecentAges extends LinkedHashMap<Long, ReplayedRanges> {
        private static final long serialVersionUID = 1L;

        RecentAges() {
            super(8, 0.75f, true);
        }

        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, ReplayedRanges> eldest) {
            return size() > MAX_AGES;
        }
    }

    private QueueTimeline(List<HistoryJob> jobs, long window, boolean keeps) {
        this.jobs = jobs;
        this.window = window;
        this.keeps = keeps;
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
        events = QueueState.events(jobs);
    }

    /** A timeline that keeps no replay: every estimate on it computes its own. */
    static QueueTimeline of(QueueHistory history) {
        return new QueueTimeline(history.jobs(), history.window().toSeconds(), false);
    }

    /** The timeline every estimate on {@code history} shares ({@link QueueHistory#timeline}). */
    static QueueTimeline shared(QueueHistory history) {
        return new QueueTimeline(history.jobs(), history.window().toSeconds(), true);
    }

    /** The history's window in seconds. */
    long window() {
        return window;
    }

    /**
     * The calibration's replays at {@code age}, kept or built now. Two call threads asking for a new age at
     * once may both build it; they get equal ranges, and one of them is kept.
     */
    ReplayedRanges replaysAt(long age) {
        if (!keeps) {
            return new ReplayedRanges(this, age);
        }
        synchronized (replays) {
            ReplayedRanges kept = replays.get(age);
            if (kept != null) {
                return kept;
            }
        }
        ReplayedRanges built = new ReplayedRanges(this, age);
        synchronized (replays) {
            ReplayedRanges raced = replays.putIfAbsent(age, built);
            return raced != null ? raced : built;
        }
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
     * The line each job found at {@code elapsed} seconds of age ({@link QueueState}), as far as the history
     * shows it; one sweep for all of them. An estimate at an instant reads only the lines of the jobs that had
     * reached that age by then: its evidence is those jobs.
     */
    QueueState[] linesAtAge(long elapsed) {
        int[] looked = new int[size()];
        for (int i = 0; i < looked.length; i++) {
            looked[i] = i;
        }
        return QueueState.atLooks(jobs, events, looked, elapsed);
    }
}
