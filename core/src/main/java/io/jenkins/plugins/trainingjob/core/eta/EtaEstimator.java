package io.jenkins.plugins.trainingjob.core.eta;

import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import java.time.Duration;
import java.time.Instant;

/**
 * The estimate for one pending job: a pure, deterministic function of the queue's history, the job, the
 * capacity that can hold its pods and the instant.
 *
 * <p>How, in four phases. (1) {@linkplain WaitEvidence Evidence}: the window's jobs of the same size class
 * that had waited as long as this one has, with jobs still waiting counted as "at least this long", the
 * other sizes borrowed as a small prior, recent jobs and jobs that found the same line ahead ({@link
 * QueueState}) counting most. (2) {@linkplain WaitSurvival The range}: the p10, p50 and p90 of the weighted
 * Kaplan-Meier estimate of the remaining wait, and at the submit the chance that the job waits more than one
 * poll ({@link #POLL}). (3) {@linkplain AdaptiveRange Online calibration}: the same estimate replayed for the
 * past jobs of the window at the same age, and the range moved by how those came out. (4) The {@linkplain
 * SoonestStart soonest start} the running jobs allow, and the {@linkplain #basis basis} in one sentence.
 *
 * <p>The constants were chosen on the Philly trace's jobs submitted before 2017-11-17 and are scored on the
 * later ones (docs/benchmarks.md, figure 6, lists what was tried).
 */
public final class EtaEstimator {

    /** Fewer finished jobs than this in the window: no estimate. */
    public static final int MIN_FINISHED = 20;

    /** One poll: a wait shorter than this is "starts at once" to a person watching. */
    public static final Duration POLL = Duration.ofSeconds(30);

    private EtaEstimator() {}

    /** The estimate, or why there is none ({@code verdict} may be {@code null}: no diagnosis yet). */
    public static Eta estimate(QueueHistory history, PendingJob job, Capacity capacity, Verdict verdict, Instant now) {
        if (verdict == Verdict.NEEDS_ADMIN) {
            return Eta.needsAdmin();
        }
        return estimate(history, job, capacity, now);
    }

    public static Eta estimate(QueueHistory history, PendingJob job, Capacity capacity, Instant now) {
        return estimate(history, history.timeline(), job, capacity, now);
    }

    /**
     * The estimate on {@code timeline}: the history's own, shared by every estimate on it, or one that keeps
     * nothing ({@link QueueTimeline#of}), which gives the same estimate.
     */
    static Eta estimate(QueueHistory history, QueueTimeline timeline, PendingJob job, Capacity capacity, Instant now) {
        if (history.finishedCount() < MIN_FINISHED || startedInWindow(history, job, now) < MIN_FINISHED) {
            return Eta.noBasis(history.finishedCount(), history.window());
        }
        WaitCase asked = new WaitCase(
                SizeClass.of(job.gpus()),
                timeline.indexOf(job.id()),
                job.createdAt().getEpochSecond(),
                now.getEpochSecond(),
                QueueState.of(history.jobs(), SizeClass.of(job.gpus()), job.createdAt(), job.id(), now));
        ReplayedRanges replays = timeline.replaysAt(asked.elapsed());
        WaitEvidence evidence = WaitEvidence.of(timeline, replays.lines(), asked, timeline.window());
        if (evidence == null) {
            return Eta.noBasis(history.finishedCount(), history.window());
        }
        WaitSurvival survival = evidence.survival(timeline);
        long[] base = AdaptiveRange.quantiles(survival);
        AdaptiveRange adaptive = AdaptiveRange.learn(timeline, replays, asked.at(), asked.self());
        long[] range = adaptive.apply(base);
        Double waitsOverPoll = asked.elapsed() < POLL.toSeconds()
                ? survival.waitsLongerThan(POLL.toSeconds() - asked.elapsed())
                : null;
        long[] ahead = ahead(history, job);
        String basis = basis(history, job, evidence, asked.line(), new Ranges(base, range, adaptive.cases()));
        Duration soonest = Duration.ofSeconds(SoonestStart.of(history, job, capacity, now));
        return new Eta(
                Eta.Kind.ESTIMATE,
                Duration.ofSeconds(range[0]),
                Duration.ofSeconds(range[1]),
                Duration.ofSeconds(range[2]),
                (int) ahead[0],
                ahead[1],
                basis,
                soonest,
                waitsOverPoll);
    }

    /** The evidence's own range, the calibrated one, and how many past estimates calibrated it. */
    private record Ranges(long[] base, long[] calibrated, int cases) {}

    /** Jobs created in the window that had started by {@code now}, of every size. */
    private static int startedInWindow(QueueHistory history, PendingJob job, Instant now) {
        Instant from = now.minus(history.window());
        int n = 0;
        for (HistoryJob j : history.jobs()) {
            if (j.started() && !j.createdAt().isBefore(from) && !j.id().equals(job.id())) {
                n++;
            }
        }
        return n;
    }

    /** The waiting jobs created before this one, and the GPUs they ask for. */
    private static long[] ahead(QueueHistory history, PendingJob job) {
        int ahead = 0;
        long gpusAhead = 0;
        for (HistoryJob j : history.jobs()) {
            if (!j.started() && j.createdAt().isBefore(job.createdAt()) && !j.id().equals(job.id())) {
                ahead++;
                gpusAhead += j.gpus();
            }
        }
        return new long[] {ahead, gpusAhead};
    }

    /**
     * One line a person can check: "jobs of 5-8 GPUs that had waited over 30 s in the last 7d (412; ...)
     * started 2-40 min later", how the last estimates at this age moved that range, the line ahead, and what
     * the history could not show.
     */
    private static String basis(
            QueueHistory history, PendingJob job, WaitEvidence evidence, QueueState state, Ranges ranges) {
        long age = evidence.conditionedOn();
        StringBuilder b = new StringBuilder("jobs of ")
                .append(evidence.sameClass() ? SizeClass.of(job.gpus()).label() : "every size")
                .append(age > 0 ? " that had waited over " + DurationWords.compact(Duration.ofSeconds(age)) : "")
                .append(" in the last ")
                .append(DurationWords.compact(history.window()))
                .append(" (")
                .append(evidence.indices().length - evidence.borrowedJobs())
                .append(
                        evidence.borrowedJobs() > 0
                                ? ", and " + evidence.borrowedJobs() + " of other sizes counted as "
                                        + WaitEvidence.PRIOR_JOBS
                                : "")
                .append("; the recent ones")
                .append(
                        evidence.matched()
                                ? " and those that found a line like this one's counted most"
                                : " counted most")
                .append(") started ")
                .append(range(ranges.base()))
                .append(age > 0 ? " later" : " after their submit");
        if (!java.util.Arrays.equals(ranges.base(), ranges.calibrated())) {
            b.append("; how the last ")
                    .append(ranges.cases())
                    .append(" estimates made at this age came out moves that to ")
                    .append(range(ranges.calibrated()));
        }
        b.append("; ").append(lineText(state, job));
        if (!history.scopeNote().isEmpty()) {
            b.append("; ").append(history.scopeNote());
        }
        if (history.truncated()) {
            b.append("; the history read stopped at its bound before the window's start");
        }
        return b.toString();
    }

    private static String range(long[] q) {
        return DurationWords.range(Duration.ofSeconds(q[0]), Duration.ofSeconds(q[q.length - 1]));
    }

    private static String lineText(QueueState state, PendingJob job) {
        String size = SizeClass.of(job.gpus()).label();
        if (state.waitingAhead() == 0) {
            return "no job of " + size + " waits ahead of it";
        }
        return state.waitingAhead() + (state.waitingAhead() == 1 ? " job" : " jobs") + " of " + size
                + (state.waitingAhead() == 1 ? " waits" : " wait") + " ahead of it, the oldest for "
                + DurationWords.compact(Duration.ofSeconds(state.headOfLineSeconds()));
    }
}
