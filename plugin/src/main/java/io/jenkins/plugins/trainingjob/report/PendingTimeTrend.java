package io.jenkins.plugins.trainingjob.report;

import io.jenkins.plugins.trainingjob.core.text.DurationText;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * The job page's pending-time trend, from the builds' saved {@link PendingTimeAction}s only: one point
 * per build (its longest known pending time and how its waits ended), drawn as an SVG bar chart on the job
 * page. Nothing is fetched or parsed: the numbers are what each build saved.
 */
@Restricted(NoExternalUse.class)
public final class PendingTimeTrend {
    static final int WIDTH = 560;
    static final int HEIGHT = 180;
    private static final int AXIS = 40;
    private static final int FOOT = 24;

    private PendingTimeTrend() {}

    /**
     * One build on the chart.
     *
     * @param pendingSeconds the longest pending time among the build's waits whose time is known, else null
     * @param result the verdict of a wait that stayed pending (the first), else the last wait's outcome
     * @param diagnosed whether a wait of this build stayed pending until it was diagnosed
     */
    public record Point(int build, Long pendingSeconds, String result, boolean diagnosed) {
        /** For Jelly, which reads getters. */
        public int getBuild() {
            return build;
        }

        public String getResult() {
            return result;
        }
    }

    /** A build number with its saved waits (empty when it has none). */
    public record SavedBuild(int number, List<PendingTime> waits) {}

    /** Points in build order, oldest first, for the builds that have waits. */
    public static List<Point> points(List<SavedBuild> builds) {
        List<Point> points = new ArrayList<>();
        for (SavedBuild b : builds) {
            if (b.waits().isEmpty()) {
                continue;
            }
            Long longest = null;
            String verdict = null;
            for (PendingTime w : b.waits()) {
                if (w.getPendingSeconds() != null && (longest == null || w.getPendingSeconds() > longest)) {
                    longest = w.getPendingSeconds();
                }
                if (verdict == null && w.getVerdict() != null) {
                    verdict = w.getVerdict();
                }
            }
            String last = b.waits().get(b.waits().size() - 1).getOutcome();
            points.add(new Point(b.number(), longest, verdict != null ? verdict : last, verdict != null));
        }
        points.sort((x, y) -> Integer.compare(x.build(), y.build()));
        return List.copyOf(points);
    }

    /**
     * The chart as the job page draws it (an inline SVG in {@code floatingBox.jelly}): a bar per build
     * (height: pending time; a short grey bar marks an unknown time), red for a build whose job stayed pending
     * until it was diagnosed, build numbers below, the longest time on the axis. Labels and the axis are
     * drawn in the page's text colour ({@code currentColor}), so they read on the dark theme too. Only numbers
     * and fixed words go in: nothing in it comes from a platform.
     */
    public record Chart(int width, int height, int axisX, int plotTop, int plotBottom, String longest, List<Bar> bars) {
        /** For Jelly, which reads getters. */
        public int getWidth() {
            return width;
        }

        public int getHeight() {
            return height;
        }

        public int getAxisX() {
            return axisX;
        }

        /** Where the axis labels end: a little left of the axis. */
        public int getLabelX() {
            return axisX - 4;
        }

        public int getPlotTop() {
            return plotTop;
        }

        public int getPlotBottom() {
            return plotBottom;
        }

        /** Where the longest time's label sits, level with the top of the plot. */
        public int getLongestY() {
            return plotTop + 8;
        }

        /** Where the build numbers sit, under the bars. */
        public int getNumbersY() {
            return height - 8;
        }

        public String getLongest() {
            return longest;
        }

        public List<Bar> getBars() {
            return bars;
        }
    }

    /**
     * One build's bar.
     *
     * @param kind {@code diagnosed}, {@code known} or {@code unknown}, which decides the colour
     * @param title the bar's tooltip: {@code #12: 10m, scheduled}
     */
    public record Bar(int build, int x, int y, int width, int height, String kind, String title) {
        public int getBuild() {
            return build;
        }

        public int getX() {
            return x;
        }

        public int getY() {
            return y;
        }

        public int getWidth() {
            return width;
        }

        public int getHeight() {
            return height;
        }

        /** Where the build number is centred. */
        public int getMiddle() {
            return x + width / 2;
        }

        /** Mid-tones, readable on the light and the dark theme alike. */
        public String getFill() {
            return switch (kind) {
                case "diagnosed" -> "#d9534f";
                case "known" -> "#4a90d9";
                default -> "#9e9e9e";
            };
        }

        public String getTitle() {
            return title;
        }
    }

    /** The chart of {@code points}, oldest build first. */
    public static Chart chart(List<Point> points) {
        long max = 1;
        for (Point p : points) {
            if (p.pendingSeconds() != null) {
                max = Math.max(max, p.pendingSeconds());
            }
        }
        int plotTop = 8;
        int plotHeight = HEIGHT - FOOT - plotTop;
        int slot = points.isEmpty() ? 0 : Math.max(1, (WIDTH - AXIS) / points.size());
        List<Bar> bars = new ArrayList<>();
        for (int i = 0; i < points.size(); i++) {
            Point p = points.get(i);
            int x = AXIS + i * slot + Math.max(1, slot / 6);
            int w = Math.max(1, slot - 2 * Math.max(1, slot / 6));
            boolean known = p.pendingSeconds() != null;
            int h = known ? (int) Math.max(1, Math.round((double) p.pendingSeconds() * plotHeight / max)) : 4;
            String kind = p.diagnosed() ? "diagnosed" : known ? "known" : "unknown";
            String title = "#" + p.build() + ": " + (known ? duration(p.pendingSeconds()) : "pending time unknown")
                    + ", " + p.result().toLowerCase(Locale.ROOT).replace('_', ' ');
            bars.add(new Bar(p.build(), x, plotTop + plotHeight - h, w, h, kind, title));
        }
        return new Chart(WIDTH, HEIGHT, AXIS, plotTop, plotTop + plotHeight, duration(max), List.copyOf(bars));
    }

    /** {@code 45s}, {@code 12m}, {@code 3h 5m}, {@code 1d 2h 5m}: core's exact text, to the minute from a minute on. */
    static String duration(long seconds) {
        // under a minute in whole seconds, "0s" included (exact writes a zero as 0ms)
        return seconds < 60
                ? seconds + "s"
                : DurationText.exact(Duration.ofSeconds(seconds).truncatedTo(ChronoUnit.MINUTES));
    }
}
