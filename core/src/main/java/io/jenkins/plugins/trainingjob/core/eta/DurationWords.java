package io.jenkins.plugins.trainingjob.core.eta;

import java.time.Duration;

/** Durations as people read them in an estimate: "40 min", "2h 10m", "3d 4h"; ranges as "25-70 min". */
public final class DurationWords {

    private DurationWords() {}

    public static String compact(Duration d) {
        long s = Math.max(0, d.toSeconds());
        if (s < 60) {
            return s + " s";
        }
        long m = s / 60;
        if (m < 60) {
            return m + " min";
        }
        long h = m / 60;
        if (h < 24) {
            return m % 60 == 0 ? h + "h" : h + "h " + (m % 60) + "m";
        }
        long d2 = h / 24;
        return h % 24 == 0 ? d2 + "d" : d2 + "d " + (h % 24) + "h";
    }

    /** Both ends under two hours share the unit: "25-70 min"; otherwise each end carries its own. */
    public static String range(Duration low, Duration high) {
        long lo = low.toSeconds();
        long hi = high.toSeconds();
        if (lo >= 60 && hi < 7200) {
            return lo / 60 + "-" + hi / 60 + " min";
        }
        return compact(low) + " - " + compact(high);
    }
}
