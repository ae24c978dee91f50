package io.jenkins.plugins.trainingjob.bench.figures;

import java.util.Locale;

/**
 * What the figures spliced into docs/benchmarks.md share: a row of their "measure | value | target | met"
 * table, times as people read them, and the sentence saying when and under what load they were measured.
 */
final class FigureTable {

    static final String HEADER = "| measure | value | target | met |\n|---|---:|---|---|\n";

    private FigureTable() {}

    /** A row; without a target, "met" stays empty. */
    static String row(String what, String value, String target, boolean met) {
        return "| " + what + " | " + value + " | " + target + " | " + (target.isEmpty() ? "" : met ? "yes" : "NO")
                + " |\n";
    }

    /** {@code 44.2 ms}, or {@code 4.05 s} from a second on. */
    static String ms(double v) {
        return v >= 1000 ? String.format(Locale.ROOT, "%.2f s", v / 1000) : String.format(Locale.ROOT, "%.1f ms", v);
    }

    /**
     * {@code Measured <now> UTC, load average L on N cores while measuring (...)}: on a shared machine the
     * load says how far the times are upper bounds.
     */
    static String measured() {
        return "Measured "
                + java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC)
                        .format(java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'"))
                + String.format(
                        Locale.ROOT,
                        ", load average %.1f on %d cores while measuring (other builds share them: "
                                + "times are upper bounds)",
                        java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                                .getSystemLoadAverage(),
                        Runtime.getRuntime().availableProcessors());
    }
}
