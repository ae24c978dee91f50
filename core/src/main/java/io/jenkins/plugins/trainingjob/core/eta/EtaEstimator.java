package io.jenkins.plugins.trainingjob.core.eta;

import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.text.DurationText;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * The estimate for one pending job: a pure, deterministic function of the queue's history, the job, the
 * capacity that can hold its pods and the instant.
 *
 * <p>How, in four phases, each a method below. (1) {@linkplain #evidence Evidence}: the jobs of the same
 * size class submitted in the window (all sizes when the class is thin), and once the job has waited, only
 * those that waited longer than it has (their wait minus that time is the evidence for the rest of its
 * wait; QBETS, Nurmi, Brevik and Wolski 2007). A job that still waits counts as "at least this long".
 * (2) {@linkplain #weights Weights}: recent jobs count more (half of the weight every {@link #HALF_LIFE}),
 * and so do jobs that found the same line ahead of them as this one finds now ({@link QueueState}: jobs of
 * the class waiting ahead, and how long the oldest of them has waited); flattened when they would rest on
 * fewer than {@link #MIN_EFFECTIVE} jobs. (3) {@linkplain #survival The range}:
 * the p10, p50 and p90 of the weighted Kaplan-Meier estimate of the remaining wait, and at the submit the
 * chance that the job waits more than one poll ({@link #POLL}). (4) The {@linkplain SoonestStart soonest
 * start} the running jobs allow, and the {@linkplain #basis basis} in one sentence.
 *
 * <p>The constants were chosen on the Philly trace's jobs submitted before 2017-11-17 and are scored on the
 * later ones (docs/benchmarks.md, figure 6, lists what was tried).
 */
public final class EtaEstimator {

    /** Fewer finished jobs than this in the window: no estimate. */
    static final int MIN_FINISHED = 20;

    /** One poll: a wait shorter than this is "starts at once" to a person watching. */
    static final Duration POLL = Duration.ofSeconds(30);

    static final int MIN_CONDITIONED = 10;
    static final Duration HALF_LIFE = Duration.ofDays(2);
    /**
     * The weighted evidence must count as at least this many jobs (Kish's effective sample size): a week with
     * few long waits is not left to two or three of them.
     */
    static final int MIN_EFFECTIVE = 30;
    /** The most recent submissions that are evidence: a busy week, and one estimate well under 100 ms. */
    static final int MAX_EVIDENCE = 2_000;

    private EtaEstimator() {}

    /** The jobs whose waits are the evidence, and what they are evidence of. */
    private record Evidence(int[] indices, long elapsed, boolean conditioned, boolean sameClass) {}

    /** The estimate, or why there is none ({@code verdict} may be {@code null}: no diagnosis yet). */
    public static Eta estimate(QueueHistory history, PendingJob job, Capacity capacity, Verdict verdict, Instant now) {
        if (verdict == Verdict.NEEDS_ADMIN) {
            return Eta.needsAdmin();
        }
        return estimate(history, job, capacity, now);
    }

    public static Eta estimate(QueueHistory history, PendingJob job, Capacity capacity, Instant now) {
        if (history.finishedCount() < MIN_FINISHED || startedInWindow(history, job, null, now) < MIN_FINISHED) {
            return Eta.noBasis(history.finishedCount(), history.window());
        }
        long elapsed = Math.max(0, Duration.between(job.createdAt(), now).toSeconds());
        Evidence evidence = evidence(history, job, now, elapsed);
        QueueState state = QueueState.of(history.jobs(), SizeClass.of(job.gpus()), job.createdAt(), job.id(), now);
        WaitSurvival survival = survival(history, evidence, weights(history, evidence, state, now), now);
        Duration p10 = Duration.ofSeconds(survival.quantile(0.1));
        Duration p50 = Duration.ofSeconds(survival.quantile(0.5));
        Duration p90 = Duration.ofSeconds(survival.quantile(0.9));
        Double waitsOverPoll = elapsed < POLL.toSeconds() ? survival.waitsLongerThan(POLL.toSeconds() - elapsed) : null;
        int ahead = 0;
        long gpusAhead = 0;
        for (HistoryJob j : history.jobs()) {
            if (!j.started() && j.createdAt().isBefore(job.createdAt()) && !j.id().equals(job.id())) {
                ahead++;
                gpusAhead += j.gpus();
            }
        }
        String basis = basis(history, job, evidence, state, p10, p90);
        Duration soonest = Duration.ofSeconds(SoonestStart.of(history, job, capacity, now));
        return new Eta(Eta.Kind.ESTIMATE, p10, p50, p90, ahead, gpusAhead, basis, soonest, waitsOverPoll);
    }

    /** Jobs created in the window that had started by {@code now}, of {@code size} or of every size ({@code null}). */
    private static int startedInWindow(QueueHistory history, PendingJob job, SizeClass size, Instant now) {
        Instant from = now.minus(history.window());
        int n = 0;
        for (HistoryJob j : history.jobs()) {
            if (j.started()
                    && !j.createdAt().isBefore(from)
                    && !j.id().equals(job.id())
                    && (size == null || j.sizeClass() == size)) {
                n++;
            }
        }
        return n;
    }

    /**
     * The submissions of the window whose waits speak for this job's: its size class (every size when the
     * class has fewer than {@link #MIN_FINISHED} starts), and once it has waited, those still waiting at that
     * age. Fewer than {@link #MIN_CONDITIONED} of those that started: the class's waits as they are.
     */
    private static Evidence evidence(QueueHistory history, PendingJob job, Instant now, long elapsed) {
        SizeClass size = SizeClass.of(job.gpus());
        boolean sameClass = startedInWindow(history, job, size, now) >= MIN_FINISHED;
        Instant from = now.minus(history.window());
        List<HistoryJob> jobs = history.jobs();
        int[] all = new int[jobs.size()];
        int[] older = new int[jobs.size()];
        int nAll = 0;
        int nOlder = 0;
        int startedOlder = 0;
        for (int i = jobs.size() - 1; i >= 0 && nAll < MAX_EVIDENCE; i--) {
            HistoryJob j = jobs.get(i);
            if (j.createdAt().isBefore(from)) {
                break; // oldest first: the rest are older still
            }
            if (j.id().equals(job.id())
                    || (sameClass && j.sizeClass() != size)
                    || j.createdAt().isAfter(now)) {
                continue;
            }
            if (j.started()) {
                all[nAll++] = i;
            }
            if (elapsed > 0 && waitedSoFar(j, now) > elapsed) {
                older[nOlder++] = i;
                startedOlder += j.started() ? 1 : 0;
            }
        }
        if (elapsed > 0 && startedOlder >= MIN_CONDITIONED) {
            return new Evidence(Arrays.copyOf(older, nOlder), elapsed, true, sameClass);
        }
        if (elapsed == 0) {
            return evidenceAtSubmit(jobs, job, now, from, size, sameClass);
        }
        return new Evidence(Arrays.copyOf(all, nAll), 0, false, sameClass);
    }

    /** At the submit, every submission of the class counts, those still waiting too (censored). */
    private static Evidence evidenceAtSubmit(
            List<HistoryJob> jobs, PendingJob job, Instant now, Instant from, SizeClass size, boolean sameClass) {
        int[] out = new int[Math.min(jobs.size(), MAX_EVIDENCE)];
        int n = 0;
        for (int i = jobs.size() - 1; i >= 0 && n < out.length; i--) {
            HistoryJob j = jobs.get(i);
            if (j.createdAt().isBefore(from)) {
                break;
            }
            if (!j.id().equals(job.id())
                    && (!sameClass || j.sizeClass() == size)
                    && !j.createdAt().isAfter(now)) {
                out[n++] = i;
            }
        }
        return new Evidence(Arrays.copyOf(out, n), 0, true, sameClass);
    }

    private static long waitedSoFar(HistoryJob j, Instant now) {
        Instant end = j.started() ? j.startedAt() : now;
        return Math.max(0, end.getEpochSecond() - j.createdAt().getEpochSecond());
    }

    /**
     * Recency times likeness: half the weight per {@link #HALF_LIFE} of age, and e^-d for a distance d
     * between the line this job finds now and the one each past job found at the same age. Unconditioned
     * evidence (too few waited that long) is weighed by age alone.
     */
    private static double[] weights(QueueHistory history, Evidence evidence, QueueState now0, Instant now) {
        List<HistoryJob> jobs = history.jobs();
        int[] idx = evidence.indices();
        QueueState[] then = evidence.conditioned() ? QueueState.atLooks(jobs, idx, evidence.elapsed()) : null;
        double[] w = new double[idx.length];
        double halfLife = HALF_LIFE.toSeconds();
        for (int k = 0; k < idx.length; k++) {
            long age = Math.max(
                    0, now.getEpochSecond() - jobs.get(idx[k]).createdAt().getEpochSecond());
            double likeness = then == null ? 1 : Math.exp(-now0.distance(then[k]));
            w[k] = Math.pow(0.5, age / halfLife) * likeness;
        }
        return tempered(w, MIN_EFFECTIVE);
    }

    /**
     * The weights raised to the largest power (at most 1) that leaves an effective sample size
     * ((sum w)^2 / sum w^2, Kish) of at least {@code minimum}, or of half the evidence when there is less:
     * thin evidence is spread over more jobs instead of resting on a handful.
     */
    static double[] tempered(double[] w, int minimum) {
        int want = Math.min(minimum, w.length / 2);
        if (want <= 0 || effectiveSize(w, 1) >= want) {
            return w;
        }
        double lo = 0;
        double hi = 1;
        for (int i = 0; i < 20; i++) {
            double mid = (lo + hi) / 2;
            if (effectiveSize(w, mid) >= want) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        double[] out = new double[w.length];
        for (int k = 0; k < w.length; k++) {
            out[k] = Math.pow(w[k], lo);
        }
        return out;
    }

    private static double effectiveSize(double[] w, double power) {
        double sum = 0;
        double squares = 0;
        for (double v : w) {
            double x = Math.pow(v, power);
            sum += x;
            squares += x * x;
        }
        return squares == 0 ? 0 : sum * sum / squares;
    }

    /** The weighted Kaplan-Meier estimate of the wait still ahead, from the evidence and its weights. */
    private static WaitSurvival survival(QueueHistory history, Evidence evidence, double[] weights, Instant now) {
        int[] idx = evidence.indices();
        long[] remaining = new long[idx.length];
        boolean[] started = new boolean[idx.length];
        for (int k = 0; k < idx.length; k++) {
            HistoryJob j = history.jobs().get(idx[k]);
            remaining[k] = Math.max(0, waitedSoFar(j, now) - evidence.elapsed());
            started[k] = j.started();
        }
        return WaitSurvival.of(remaining, started, weights);
    }

    /**
     * One line a person can check: "jobs of 5-8 GPUs that had waited over 30 s, submitted in the last 7d
     * (412; ...), started 2-40 min later". Plus what the history could not show.
     */
    static String basis(
            QueueHistory history, PendingJob job, Evidence evidence, QueueState state, Duration p10, Duration p90) {
        String window = DurationText.compact(history.window());
        StringBuilder b = new StringBuilder("jobs of ")
                .append(evidence.sameClass() ? SizeClass.of(job.gpus()).label() : "every size")
                .append(
                        evidence.conditioned() && evidence.elapsed() > 0
                                ? " that had waited over "
                                        + DurationText.compact(Duration.ofSeconds(evidence.elapsed()))
                                : "")
                .append(" in the last ")
                .append(window)
                .append(" (")
                .append(evidence.indices().length)
                .append(", the recent ones")
                .append(
                        evidence.conditioned()
                                ? " and those that found a line like this one's counted most"
                                : " counted most")
                .append(") started ")
                .append(DurationText.compactRange(p10, p90))
                .append(evidence.elapsed() > 0 ? " later" : " after their submit")
                .append("; ")
                .append(lineText(state, job));
        if (!history.scopeNote().isEmpty()) {
            b.append("; ").append(history.scopeNote());
        }
        if (history.truncated()) {
            b.append("; the history read stopped at its bound before the window's start");
        }
        return b.toString();
    }

    private static String lineText(QueueState state, PendingJob job) {
        String size = SizeClass.of(job.gpus()).label();
        if (state.waitingAhead() == 0) {
            return "no job of " + size + " waits ahead of it";
        }
        return state.waitingAhead() + (state.waitingAhead() == 1 ? " job" : " jobs") + " of " + size
                + (state.waitingAhead() == 1 ? " waits" : " wait") + " ahead of it, the oldest for "
                + DurationText.compact(Duration.ofSeconds(state.headOfLineSeconds()));
    }
}
