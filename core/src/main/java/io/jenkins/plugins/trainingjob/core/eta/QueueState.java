package io.jenkins.plugins.trainingjob.core.eta;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * What a pending job finds ahead of it in its own size class: how many jobs of the class created before it
 * still wait, and how long the oldest of them has waited (the head of the line). Jobs of a size mostly wait
 * for the same kind of hole, so a line of them that has not moved for an hour says more about this job's
 * wait than the week's waits do. Two numbers, read from the job list alone: no inventory, no priorities.
 *
 * @param waitingAhead jobs of the class created before this one and still waiting at the instant
 * @param headOfLineSeconds how long the oldest of them had waited then; 0 when none waits
 */
record QueueState(int waitingAhead, long headOfLineSeconds) {

    static final QueueState EMPTY = new QueueState(0, 0);

    /**
     * How far apart two states are: the difference of the logs of their lines' lengths plus that of their
     * head-of-line waits in minutes, so that 0 and 1 job ahead differ as much as 1 and 3, and 1 min and 3
     * min as much as 1 h and 3 h.
     */
    double distance(QueueState other) {
        return Math.abs(Math.log1p(waitingAhead) - Math.log1p(other.waitingAhead))
                + Math.abs(Math.log1p(headOfLineSeconds / 60.0) - Math.log1p(other.headOfLineSeconds / 60.0));
    }

    /** The state of {@code job}, created at {@code createdAt}, at {@code now}, from the history's jobs. */
    static QueueState of(List<HistoryJob> jobs, SizeClass size, Instant createdAt, String self, Instant now) {
        int ahead = 0;
        long head = 0;
        for (HistoryJob j : jobs) {
            if (!j.createdAt().isBefore(createdAt)) {
                break; // oldest first: the rest were created at the same instant or later
            }
            if (j.sizeClass() == size && !j.id().equals(self) && waitingAt(j, now)) {
                ahead++;
                head = Math.max(head, now.getEpochSecond() - j.createdAt().getEpochSecond());
            }
        }
        return new QueueState(ahead, head);
    }

    private static boolean waitingAt(HistoryJob j, Instant t) {
        return !j.started() || j.startedAt().isAfter(t);
    }

    /**
     * The state each of {@code indices} (of {@code jobs}, oldest first) found {@code elapsed} seconds after
     * its own creation. One sweep over creations, starts and the looks in time order, with the waiting jobs
     * of each class counted by index, so 10,000 jobs cost one sort and not 10,000 scans. The looks must not
     * be later than what the history has seen (a job looked at had not started by its look).
     */
    static QueueState[] atLooks(List<HistoryJob> jobs, int[] indices, long elapsed) {
        return atLooks(jobs, events(jobs), indices, elapsed);
    }

    /**
     * The same, from {@code events} ({@link #events} of {@code jobs}), which do not depend on the age: a
     * timeline sorts them once for every age it is asked at.
     */
    static QueueState[] atLooks(List<HistoryJob> jobs, long[] events, int[] indices, long elapsed) {
        long[] looks = new long[indices.length];
        for (int k = 0; k < indices.length; k++) {
            looks[k] = pack(jobs.get(indices[k]).createdAt().getEpochSecond() + elapsed, LOOK, k);
        }
        Arrays.sort(looks); // in order already when the indices ascend, as a timeline's do
        return sweep(jobs, indices, events, looks);
    }

    /** Every creation and start of {@code jobs} as a sweep event, in time order. */
    static long[] events(List<HistoryJob> jobs) {
        int n = jobs.size();
        long[] events = new long[2 * n];
        int count = 0;
        for (int i = 0; i < n; i++) {
            HistoryJob j = jobs.get(i);
            events[count++] = pack(j.createdAt().getEpochSecond(), CREATED, i);
            if (j.started()) {
                events[count++] = pack(j.startedAt().getEpochSecond(), STARTED, i);
            }
        }
        long[] out = Arrays.copyOf(events, count);
        Arrays.sort(out);
        return out;
    }

    /** The events and the looks merged in time order (all distinct: they differ in kind or index). */
    private static QueueState[] sweep(List<HistoryJob> jobs, int[] indices, long[] events, long[] looks) {
        SizeClass[] sizes = new SizeClass[jobs.size()];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = jobs.get(i).sizeClass();
        }
        WaitingByIndex[] waiting = new WaitingByIndex[SizeClass.values().length];
        for (int c = 0; c < waiting.length; c++) {
            waiting[c] = new WaitingByIndex(jobs.size());
        }
        int[] firstOfInstant = firstIndexOfSameCreation(jobs);
        QueueState[] out = new QueueState[indices.length];
        int e = 0;
        for (long look : looks) {
            for (; e < events.length && events[e] < look; e++) {
                int index = (int) (events[e] & INDEX_MASK);
                boolean created = ((events[e] >>> INDEX_BITS) & 3) == CREATED;
                waiting[sizes[index].ordinal()].add(index, created ? 1 : -1);
            }
            int k = (int) (look & INDEX_MASK);
            long at = (look >>> (INDEX_BITS + 2)) - OFFSET;
            int i = indices[k];
            WaitingByIndex line = waiting[sizes[i].ordinal()];
            int ahead = line.countBelow(firstOfInstant[i]);
            out[k] = ahead == 0
                    ? EMPTY
                    : new QueueState(
                            ahead, at - jobs.get(line.first()).createdAt().getEpochSecond());
        }
        return out;
    }

    /**
     * The jobs of one class waiting at a point of the sweep, by index (a Fenwick tree): how many have an index
     * below a bound, and the lowest, each in log n steps.
     */
    private static final class WaitingByIndex {
        private final int[] tree;

        WaitingByIndex(int n) {
            tree = new int[n + 1];
        }

        void add(int index, int delta) {
            for (int p = index + 1; p < tree.length; p += p & -p) {
                tree[p] += delta;
            }
        }

        int countBelow(int bound) {
            int n = 0;
            for (int p = bound; p > 0; p -= p & -p) {
                n += tree[p];
            }
            return n;
        }

        /** The lowest index waiting; only when one waits. */
        int first() {
            int p = 0;
            for (int step = Integer.highestOneBit(tree.length - 1); step > 0; step >>= 1) {
                if (p + step < tree.length && tree[p + step] == 0) {
                    p += step;
                }
            }
            return p;
        }
    }

    /** For each job, the first index created at the same second: a tie is not "before". */
    private static int[] firstIndexOfSameCreation(List<HistoryJob> jobs) {
        int[] first = new int[jobs.size()];
        for (int i = 0; i < first.length; i++) {
            boolean tie = i > 0
                    && jobs.get(i - 1).createdAt().getEpochSecond()
                            == jobs.get(i).createdAt().getEpochSecond();
            first[i] = tie ? first[i - 1] : i;
        }
        return first;
    }

    // Events sort by time, then kind: a creation, then a start, then a look at the same second, so a job
    // that starts at the look no longer waits, as HistoryJob#seenAt has it.
    private static final int CREATED = 0;
    private static final int STARTED = 1;
    private static final int LOOK = 2;
    private static final int INDEX_BITS = 24;
    private static final long INDEX_MASK = (1L << INDEX_BITS) - 1;
    /** Epoch seconds shifted so that times before 1970 still sort as positive numbers. */
    private static final long OFFSET = 1L << 34;

    private static long pack(long epochSecond, int kind, int index) {
        if (index > INDEX_MASK) {
            throw new IllegalArgumentException("too many jobs for one sweep: " + index);
        }
        return ((epochSecond + OFFSET) << (INDEX_BITS + 2)) | ((long) kind << INDEX_BITS) | index;
    }
}
