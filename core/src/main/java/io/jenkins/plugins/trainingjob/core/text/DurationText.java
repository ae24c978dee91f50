package io.jenkins.plugins.trainingjob.core.text;

import java.time.Duration;

/**
 * Every way a duration is written for a person, one named style per purpose, so a line never mixes two
 * writers of the same idea:
 *
 * <ul>
 *   <li>{@link #exact}: a length someone set or measured, in the form users write it ({@code 250ms},
 *       {@code 45s}, {@code 5m 30s}, {@code 1d 2h 3m 4s}): timeouts, budgets, intervals, back-offs;
 *       {@code core.spec.DurationInput} reads it back;
 *   <li>{@link #compact} and {@link #compactRange}: an estimate or a window, its two largest units
 *       ({@code 45 s}, {@code 40 min}, {@code 2h 10m}, {@code 3d 4h}; {@code 25-70 min});
 *   <li>{@link #age}: one unit, as kubectl shows a job's age in a table ({@code 45s}, {@code 12m},
 *       {@code 3h}, {@code 5d});
 *   <li>{@link #ago}: how long ago something happened ({@code just now}, {@code 3h 5m ago}).
 * </ul>
 */
public final class DurationText {

    private DurationText() {}

    /**
     * {@code 250ms}, {@code 45s}, {@code 5m 30s}, {@code 2h 5m}, {@code 1d 2h}: every non-zero unit, in the
     * form a person types it. At one second and above, milliseconds are left out: a console line needs no
     * more precision. {@code null} reads {@code ?}; negatives read as zero.
     */
    public static String exact(Duration d) {
        if (d == null) {
            return "?";
        }
        if (d.isNegative()) {
            d = Duration.ZERO;
        }
        if (d.getSeconds() == 0) {
            return d.toMillis() + "ms";
        }
        StringBuilder text = new StringBuilder();
        append(text, d.toDays(), "d");
        append(text, d.toHoursPart(), "h");
        append(text, d.toMinutesPart(), "m");
        append(text, d.toSecondsPart(), "s");
        return text.toString();
    }

    /**
     * {@code 45 s}, {@code 40 min}, {@code 2h}, {@code 2h 10m}, {@code 3d 4h}: the two largest units, rounded
     * down, for an estimate or a window where more precision would be noise. Negatives read as zero.
     */
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
        long days = h / 24;
        return h % 24 == 0 ? days + "d" : days + "d " + (h % 24) + "h";
    }

    /** A range in {@link #compact} words: both ends under two hours share the unit ({@code 25-70 min}). */
    public static String compactRange(Duration low, Duration high) {
        long lo = low.toSeconds();
        long hi = high.toSeconds();
        if (lo >= 60 && hi < 7200) {
            return lo / 60 + "-" + hi / 60 + " min";
        }
        return compact(low) + " - " + compact(high);
    }

    /**
     * {@code 45s}, {@code 12m}, {@code 3h}, {@code 5d}: one unit, as kubectl shows ages, switching unit only at
     * twice the next one (so {@code 90s}, not {@code 1m}). Negatives read as zero.
     */
    public static String age(Duration d) {
        long s = Math.max(0, d.toSeconds());
        if (s < 120) {
            return s + "s";
        }
        if (s < 7200) {
            return s / 60 + "m";
        }
        if (s < 172800) {
            return s / 3600 + "h";
        }
        return s / 86400 + "d";
    }

    /**
     * How long ago something happened: {@code just now} under a second (a job that ended in the poll before,
     * or a timestamp a little ahead of this clock), else {@link #exact} and {@code ago}: {@code 3h 5m ago}.
     */
    public static String ago(Duration d) {
        return d == null || d.compareTo(Duration.ofSeconds(1)) < 0 ? "just now" : exact(d) + " ago";
    }

    private static void append(StringBuilder text, long amount, String unit) {
        if (amount > 0) {
            text.append(text.isEmpty() ? "" : " ").append(amount).append(unit);
        }
    }
}
