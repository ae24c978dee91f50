package io.jenkins.plugins.trainingjob.core.eta;

import java.util.Arrays;
import java.util.function.IntPredicate;

/**
 * The past submissions whose waits speak for one {@link WaitCase}, and how much each counts. Which: the
 * window's submissions as the history showed them at the case's instant; of the case's size class (every
 * size when the class has fewer than {@link EtaEstimator#MIN_FINISHED} starts); once the case has waited,
 * only those that waited longer (their wait past that age is the evidence; QBETS, Nurmi, Brevik and Wolski
 * 2007), jobs still waiting counting as "at least this long". The other sizes' jobs of the same age are
 * borrowed as a prior worth {@link #PRIOR_JOBS} jobs, so a class whose long waits are few leans on the
 * queue's ({@link #borrowed}). How much: recent jobs more, and jobs that found the line this case finds
 * ({@link QueueState}), flattened when that would rest on too few ({@link #tempered}).
 *
 * @param indices jobs of the {@link QueueTimeline}
 * @param weights one per index, positive
 * @param seenAt the instant the history is read at (epoch seconds)
 * @param conditionedOn the age whose longer waits are the evidence; 0 at the submit, or when too few waited
 *     that long and the class's waits are taken as they are
 * @param matched whether the line each job found counts (not when the waits are taken as they are)
 * @param sameClass whether the class had enough starts of its own
 * @param borrowedJobs how many jobs of other sizes are in the evidence
 */
record WaitEvidence(
        int[] indices,
        double[] weights,
        long seenAt,
        long conditionedOn,
        boolean matched,
        boolean sameClass,
        int borrowedJobs) {

    /** Conditioning on the time waited needs at least this many longer waits that ended, else none. */
    static final int MIN_CONDITIONED = 10;
    /**
     * What the other sizes' evidence is worth, in jobs (a Dirichlet prior's mass): a class with 10 longer waits
     * of its own rests half on them; with 90, a tenth. The same number as {@link #MIN_CONDITIONED}, not tuned
     * apart from it.
     */
    static final int PRIOR_JOBS = MIN_CONDITIONED;

    static final java.time.Duration HALF_LIFE = java.time.Duration.ofDays(2);
    /**
     * The weighted evidence must count as at least this many jobs (Kish's effective sample size): a week with
     * few long waits is not left to two or three of them.
     */
    static final int MIN_EFFECTIVE = 30;
    /** The most recent submissions that are evidence: a busy week, and one estimate well under 100 ms. */
    static final int MAX_EVIDENCE = 2_000;

    /**
     * The evidence for {@code c} from the submissions of the {@code window} seconds before it, or {@code null}
     * when fewer than {@link EtaEstimator#MIN_FINISHED} of them had started.
     *
     * @param lines the line each job found at the case's age ({@link QueueTimeline#linesAtAge}); only those of
     *     the jobs that had reached that age by the case's instant are read
     */
    static WaitEvidence of(QueueTimeline t, QueueState[] lines, WaitCase c, long window) {
        int[] all = window(t, c, window);
        long at = c.at();
        int started = 0;
        int startedOfClass = 0;
        for (int i : all) {
            if (t.startedBy(i, at)) {
                started++;
                startedOfClass += t.size(i) == c.size() ? 1 : 0;
            }
        }
        if (started < EtaEstimator.MIN_FINISHED) {
            return null;
        }
        boolean sameClass = startedOfClass >= EtaEstimator.MIN_FINISHED;
        long age = c.elapsed();
        IntPredicate ofCase = i -> !sameClass || t.size(i) == c.size();
        // one pass (the calibration makes a hundred of these per estimate): the jobs that had waited longer than
        // the case (every one at the submit), of its class and of the others, newest first like the window
        int[] own = new int[all.length];
        int[] others = new int[sameClass ? all.length : 0];
        int ownCount = 0;
        int otherCount = 0;
        int ended = 0;
        for (int i : all) {
            if (age != 0 && t.waitedSoFar(i, at) <= age) {
                continue;
            }
            if (ofCase.test(i)) {
                own[ownCount++] = i;
            } else {
                others[otherCount++] = i;
            }
            ended += t.startedBy(i, at) ? 1 : 0;
        }
        own = Arrays.copyOf(own, ownCount);
        others = Arrays.copyOf(others, otherCount);
        if (age > 0 && ended < MIN_CONDITIONED) {
            int[] plain = filter(all, i -> ofCase.test(i) && t.startedBy(i, at));
            double[] w = tempered(weights(t, null, c, plain), MIN_EFFECTIVE);
            return new WaitEvidence(plain, w, at, 0, false, sameClass, 0);
        }
        double[] ownWeights = weights(t, lines, c, own);
        double[] otherWeights = borrowed(ownWeights, weights(t, lines, c, others));
        int[] indices = concat(own, others);
        double[] w = new double[indices.length];
        System.arraycopy(ownWeights, 0, w, 0, own.length);
        System.arraycopy(otherWeights, 0, w, own.length, others.length);
        return new WaitEvidence(indices, tempered(w, MIN_EFFECTIVE), at, age, true, sameClass, others.length);
    }

    /** The window's submissions as seen at the case's instant, newest first, the case's own job left out. */
    private static int[] window(QueueTimeline t, WaitCase c, long window) {
        int[] out = new int[Math.min(t.size(), MAX_EVIDENCE)];
        int n = 0;
        long from = c.at() - window;
        for (int i = t.createdUpTo(c.at()) - 1; i >= 0 && n < out.length; i--) {
            if (t.created(i) < from) {
                break; // oldest first: the rest are older still
            }
            if (i != c.self()) {
                out[n++] = i;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /**
     * Recency times likeness: half the weight per {@link #HALF_LIFE} of age, and e^-d for a distance d between
     * the line the case found and the one each past job found at the same age ({@code lines}; {@code null}:
     * by age alone).
     */
    private static double[] weights(QueueTimeline t, QueueState[] lines, WaitCase c, int[] idx) {
        double[] w = new double[idx.length];
        double decay = Math.log(2) / HALF_LIFE.toSeconds();
        for (int k = 0; k < idx.length; k++) {
            long age = Math.max(0, c.at() - t.created(idx[k]));
            double distance = lines == null ? 0 : c.line().distance(lines[idx[k]]);
            w[k] = Math.exp(-age * decay - distance);
        }
        return w;
    }

    /**
     * The other sizes' weights scaled so that together they count as {@link #PRIOR_JOBS} of the class's own
     * (by its effective size): the posterior of a Dirichlet process whose base is the queue's evidence. With
     * no evidence of its own the class takes the queue's as it is.
     */
    static double[] borrowed(double[] own, double[] others) {
        double ownSum = sum(own);
        double otherSum = sum(others);
        if (ownSum <= 0 || otherSum <= 0) {
            return others;
        }
        double scale = ownSum * PRIOR_JOBS / effectiveSize(own) / otherSum;
        double[] out = new double[others.length];
        for (int k = 0; k < out.length; k++) {
            out[k] = others[k] * scale;
        }
        return out;
    }

    /**
     * The weights raised to the largest power (at most 1) that leaves an effective sample size
     * ((sum w)^2 / sum w^2, Kish) of at least {@code minimum}, or of half the evidence when there is less:
     * thin evidence is spread over more jobs instead of resting on a handful.
     */
    static double[] tempered(double[] w, int minimum) {
        int want = Math.min(minimum, w.length / 2);
        if (want <= 0 || effectiveSize(w) >= want) {
            return w;
        }
        double[] logs = new double[w.length];
        for (int k = 0; k < w.length; k++) {
            logs[k] = Math.log(Math.max(w[k], Double.MIN_NORMAL));
        }
        double lo = 0;
        double hi = 1;
        for (int i = 0; i < 12; i++) { // to 1/4096 of a power: finer changes nothing a person reads
            double mid = (lo + hi) / 2;
            if (effectiveSizeOfLogs(logs, mid) >= want) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        double[] out = new double[w.length];
        for (int k = 0; k < w.length; k++) {
            out[k] = Math.exp(lo * logs[k]);
        }
        return out;
    }

    /** Kish's effective sample size, (sum w)^2 / sum w^2. */
    private static double effectiveSize(double[] w) {
        double sum = 0;
        double squares = 0;
        for (double v : w) {
            sum += v;
            squares += v * v;
        }
        return squares == 0 ? 0 : sum * sum / squares;
    }

    /** Kish's effective size of the weights e^(power * logs). */
    private static double effectiveSizeOfLogs(double[] logs, double power) {
        double sum = 0;
        double squares = 0;
        for (double l : logs) {
            double x = Math.exp(power * l);
            sum += x;
            squares += x * x;
        }
        return squares == 0 ? 0 : sum * sum / squares;
    }

    /** The weighted Kaplan-Meier estimate of the wait still ahead, from this evidence. */
    WaitSurvival survival(QueueTimeline t) {
        long[] remaining = new long[indices.length];
        boolean[] started = new boolean[indices.length];
        for (int k = 0; k < indices.length; k++) {
            remaining[k] = Math.max(0, t.waitedSoFar(indices[k], seenAt) - conditionedOn);
            started[k] = t.startedBy(indices[k], seenAt);
        }
        return WaitSurvival.of(remaining, started, weights);
    }

    private static double sum(double[] w) {
        double s = 0;
        for (double v : w) {
            s += v;
        }
        return s;
    }

    private static int[] filter(int[] idx, IntPredicate p) {
        int[] out = new int[idx.length];
        int n = 0;
        for (int i : idx) {
            if (p.test(i)) {
                out[n++] = i;
            }
        }
        return Arrays.copyOf(out, n);
    }

    private static int[] concat(int[] a, int[] b) {
        int[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
