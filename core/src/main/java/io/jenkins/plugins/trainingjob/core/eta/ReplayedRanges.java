package io.jenkins.plugins.trainingjob.core.eta;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the estimates at one age on one history share: the line each job found at that age, and the range
 * (p10, p50, p90) the estimator gives each past job at that age as the history showed it then, which the
 * online calibration replays ({@link AdaptiveRange}). Neither depends on the job asked about, its size, its
 * line or the instant it is asked at (those choose which past jobs are replayed and how they came out, which
 * is not kept), so the watches of a queue that ask at the same age in one poll round compute each once. The
 * age is exact: a range moves with every second of it. Filled lazily from several call threads; a race
 * computes a range twice, to the same numbers.
 */
final class ReplayedRanges {

    /** A past job whose evidence was too thin for a range. */
    private static final long[] NONE = new long[0];

    private final QueueTimeline timeline;
    private final long age;
    private final QueueState[] lines;
    private final Map<Integer, long[]> ranges = new ConcurrentHashMap<>();

    ReplayedRanges(QueueTimeline timeline, long age) {
        this.timeline = timeline;
        this.age = age;
        this.lines = timeline.linesAtAge(age);
    }

    long age() {
        return age;
    }

    /** The line each job found at this age ({@link QueueTimeline#linesAtAge}); not to be written to. */
    QueueState[] lines() {
        return lines;
    }

    /**
     * The range the estimator gives past job {@code i} at this age, as the history showed it then; {@code null}
     * when its evidence was too thin ({@link WaitEvidence#of}).
     */
    long[] range(int i) {
        long[] kept = ranges.get(i);
        if (kept == null) {
            WaitCase c = new WaitCase(timeline.size(i), i, timeline.created(i), timeline.created(i) + age, lines[i]);
            WaitEvidence e = WaitEvidence.of(timeline, lines, c, timeline.window());
            kept = e == null ? NONE : AdaptiveRange.quantiles(e.survival(timeline));
            long[] raced = ranges.putIfAbsent(i, kept);
            kept = raced != null ? raced : kept;
        }
        return kept == NONE ? null : kept;
    }
}
