package io.jenkins.plugins.trainingjob.core.monitor;

import java.time.Duration;

/** Durations as people read them in a console line: {@code 250ms}, {@code 45s}, {@code 5m 30s}, {@code 2h 5m}. */
final class DurationText {
    private DurationText() {
    }

    static String of(Duration d) {
        if (d == null) {
            return "?";
        }
        if (d.isNegative()) {
            d = Duration.ZERO;
        }
        long seconds = d.getSeconds();
        if (seconds == 0) {
            return d.toMillis() + "ms";
        }
        if (seconds < 60) {
            return seconds + "s";
        }
        if (seconds < 3600) {
            return (seconds / 60) + "m" + (seconds % 60 == 0 ? "" : " " + (seconds % 60) + "s");
        }
        long minutes = (seconds % 3600) / 60;
        return (seconds / 3600) + "h" + (minutes == 0 ? "" : " " + minutes + "m");
    }
}
