package io.jenkins.plugins.trainingjob.core.eta;

/**
 * The range calibrated online from the queue's own recent misses (adaptive conformal inference: Gibbs and
 * Candès, NeurIPS 2021; as quantile tracking: Angelopoulos, Barber and Bates, NeurIPS 2023). For every
 * past job of the window that was still waiting at the age the job asked about has now, the estimator's
 * p10, p50 and p90 as the history showed it then are compared, oldest first, with what became of that job
 * as far as is known now; each quantile moves by a fixed step in log(wait + one poll) up when a real wait
 * fell above it, down when below, in proportion to how often each should happen (9 to 1 for the p90). The
 * sum of the moves is applied to this job's range. Nothing is kept between estimates: the same history
 * gives the same moves, and a queue whose long waits grew longer than the window showed sees its p90
 * stretched after a few misses instead of staying short for a week.
 */
final class AdaptiveRange {

    private static final double[] LEVELS = {0.1, 0.5, 0.9};
    /** The move per past job in log(wait + one poll). Chosen on the Philly trace before 2017-11-17. */
    static final double STEP = 0.05;
    /** The most recent past jobs replayed: the cost of one estimate stays bounded on a busy queue. */
    static final int MAX_CASES = 100;

    private final double[] offsets;
    private final int cases;

    private AdaptiveRange(double[] offsets, int cases) {
        this.offsets = offsets;
        this.cases = cases;
    }

    /** How many past jobs the moves were learned from. */
    int cases() {
        return cases;
    }

    /** The log offset of the {@code k}-th of {@link #LEVELS}. */
    double offset(int k) {
        return offsets[k];
    }

    /**
     * Replays the estimator for the past jobs of the window that were still waiting at the replays' age, as
     * of that age ({@link ReplayedRanges}, shared by the estimates at that age), and learns the moves from how
     * they turned out by {@code now}.
     *
     * @param self the job asked about (not its own evidence of misses), or -1
     */
    static AdaptiveRange learn(QueueTimeline t, ReplayedRanges replays, long now, int self) {
        long age = replays.age();
        int[] past = pastCases(t, age, now, self, t.window());
        double[] offsets = new double[LEVELS.length];
        int used = 0;
        for (int i : past) {
            long[] range = replays.range(i);
            if (range != null) {
                step(offsets, range, t, i, t.created(i) + age, now);
                used++;
            }
        }
        return new AdaptiveRange(offsets, used);
    }

    /** The window's jobs that had reached {@code age} by {@code now} without starting, the latest ones. */
    private static int[] pastCases(QueueTimeline t, long age, long now, int self, long window) {
        int end = t.createdUpTo(now - age - 1);
        int[] out = new int[Math.min(end, MAX_CASES)];
        int n = 0;
        for (int i = end - 1; i >= 0 && n < out.length && t.created(i) >= now - window; i--) {
            if (i != self && (age == 0 || !t.startedBy(i, t.created(i) + age))) {
                out[n++] = i;
            }
        }
        int[] oldestFirst = new int[n];
        for (int k = 0; k < n; k++) {
            oldestFirst[k] = out[n - 1 - k];
        }
        return oldestFirst;
    }

    /**
     * One past job's moves: for each level, whether its real remaining wait fell at or below the moved
     * quantile, when that is known by {@code now} (it started, or it has already waited past the quantile).
     */
    private static void step(double[] offsets, long[] q, QueueTimeline t, int i, long look, long now) {
        boolean started = t.startedBy(i, now);
        long waited = t.waitedSoFar(i, now) - (look - t.created(i));
        for (int k = 0; k < LEVELS.length; k++) {
            double moved = shifted(q[k], offsets[k]);
            if (started || waited > moved) {
                double below = started && waited <= moved ? 1 : 0;
                offsets[k] += STEP * (LEVELS[k] - below);
            }
        }
    }

    static long[] quantiles(WaitSurvival s) {
        long[] q = new long[LEVELS.length];
        for (int k = 0; k < q.length; k++) {
            q[k] = s.quantile(LEVELS[k]);
        }
        return q;
    }

    /** A remaining wait moved by {@code offset} in log(wait + one poll), never below zero. */
    private static double shifted(long seconds, double offset) {
        double poll = EtaEstimator.POLL.toSeconds();
        return Math.max(0, (seconds + poll) * Math.exp(offset) - poll);
    }

    /** The range moved by what was learned, in order (p10 <= p50 <= p90: moves may cross). */
    long[] apply(long[] q) {
        long[] out = new long[q.length];
        for (int k = 0; k < q.length; k++) {
            out[k] = Math.round(shifted(q[k], offsets[k]));
        }
        java.util.Arrays.sort(out);
        return out;
    }
}
