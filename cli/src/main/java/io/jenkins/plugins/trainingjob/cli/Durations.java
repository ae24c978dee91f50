package io.jenkins.plugins.trainingjob.cli;

import java.time.Duration;

/** Durations the way {@link DurationConverter} reads them back: {@code 10m}, {@code 1h30m}, {@code 500ms}. */
final class Durations {

    private Durations() {
    }

    static String format(Duration d) {
        if (d.toMillisPart() != 0 && d.toSeconds() < 60) {
            return d.toMillis() + "ms";
        }
        StringBuilder sb = new StringBuilder();
        if (d.toHours() > 0) {
            sb.append(d.toHours()).append('h');
        }
        if (d.toMinutesPart() > 0) {
            sb.append(d.toMinutesPart()).append('m');
        }
        if (d.toSecondsPart() > 0 || sb.length() == 0) {
            sb.append(d.toSecondsPart()).append('s');
        }
        return sb.toString();
    }
}
