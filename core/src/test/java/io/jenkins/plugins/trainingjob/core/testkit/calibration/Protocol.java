package io.jenkins.plugins.trainingjob.core.testkit.calibration;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.function.Predicate;

/**
 * Issue 34's scoring protocol, in one place for the trace and the replay alike: the rolling origin (every
 * choice made on the jobs submitted before {@link #ORIGIN}, reported on those from it on), the looks, and
 * which peer is "the best" at a look (the lowest median |ln|, picked after the fact: that favours the peers).
 */
public final class Protocol {

    public static final Instant ORIGIN =
            LocalDate.of(2017, 11, 17).atStartOfDay(ZoneOffset.UTC).toInstant();

    /** The periods, in the order the figure reports them. */
    public enum Period {
        TUNING("submitted before 2017-11-17 (where every choice was made)"),
        REPORT("submitted from 2017-11-17 on (never tuned on)");

        private final String label;

        Period(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        public Predicate<Cases.Case> holds() {
            return c -> (this == REPORT) == !c.submitted().isBefore(ORIGIN);
        }
    }

    private Protocol() {}

    /** The cases of one period at one look. */
    public static Cases at(Cases all, Period period, Look look) {
        return all.select(period.holds().and(c -> c.look().equals(look)));
    }

    /** The one of {@code peers} with the lowest median |ln| on {@code cases}. */
    public static String bestPeer(Cases cases, List<String> peers) {
        String best = null;
        double bestLog = Double.MAX_VALUE;
        for (String p : peers) {
            double m = Score.of(p, cases).medianAbsLog();
            if (!Double.isNaN(m) && m < bestLog) {
                bestLog = m;
                best = p;
            }
        }
        return best;
    }
}
