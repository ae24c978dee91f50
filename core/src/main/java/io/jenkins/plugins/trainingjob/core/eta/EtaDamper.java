package io.jenkins.plugins.trainingjob.core.eta;

import java.time.Duration;
import java.time.Instant;

/**
 * Re-estimates come every poll; a console line should not. A new estimate is shown only when it moves
 * materially: its p50 by more than a quarter and at least two minutes, or either end of the range by more
 * than half and at least five minutes, or its kind changes (an estimate appears, or is lost). Otherwise
 * the last shown one stands: an ETA that flickers between 38 and 41 minutes is noise, not news.
 */
public final class EtaDamper {

    private static final double P50_SHARE = 0.25;
    private static final Duration P50_FLOOR = Duration.ofMinutes(2);
    private static final double END_SHARE = 0.5;
    private static final Duration END_FLOOR = Duration.ofMinutes(5);

    private Eta shown;
    private Instant shownAt;

    /** Whether {@code next}, estimated at {@code at}, should be shown; when it is, it becomes the one shown. */
    public synchronized boolean offer(Eta next, Instant at) {
        if (shown == null || movedMaterially(shown, next, Duration.between(shownAt, at))) {
            shown = next;
            shownAt = at;
            return true;
        }
        return false;
    }

    synchronized Eta shown() {
        return shown;
    }

    /**
     * Compares the estimates as instants of start, not as durations from two different "now"s: a stable
     * estimate counts down by itself, and that is no move.
     *
     * @param elapsedBetween time passed between the two estimates
     */
    static boolean movedMaterially(Eta before, Eta after, Duration elapsedBetween) {
        if (before.kind() != after.kind()) {
            return true;
        }
        if (!before.known()) {
            return false; // "no basis (7 jobs)" then "(8 jobs)" is no news
        }
        return moved(before.p50().minus(elapsedBetween), after.p50(), P50_SHARE, P50_FLOOR)
                || moved(before.p10().minus(elapsedBetween), after.p10(), END_SHARE, END_FLOOR)
                || moved(before.p90().minus(elapsedBetween), after.p90(), END_SHARE, END_FLOOR);
    }

    private static boolean moved(Duration was, Duration is, double share, Duration floor) {
        long a = Math.max(0, was.toSeconds());
        long b = is.toSeconds();
        long diff = Math.abs(a - b);
        return diff > floor.toSeconds() && diff > share * Math.max(a, b);
    }
}
