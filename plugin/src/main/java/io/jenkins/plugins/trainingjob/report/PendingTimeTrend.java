package io.jenkins.plugins.trainingjob.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * The job page's pending-time trend, from the builds' saved {@link PendingTimeAction}s only: one point
 * per build (its longest known pending time and how its waits ended), drawn as a server-rendered SVG bar
 * chart. Nothing is fetched or parsed: the numbers are what each build saved.
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
     * The chart: a bar per build (height: pending time; a short grey bar marks an unknown time), red for
     * a build whose job stayed pending until it was diagnosed, build numbers below, the longest time on
     * the axis. Only numbers and fixed words go in, so nothing in it comes from a platform.
     */
    public static String svg(List<Point> points) {
        long max = 1;
        for (Point p : points) {
            if (p.pendingSeconds() != null) {
                max = Math.max(max, p.pendingSeconds());
            }
        }
        int plotHeight = HEIGHT - FOOT - 8;
        int slot = points.isEmpty() ? 0 : Math.max(1, (WIDTH - AXIS) / points.size());
        StringBuilder s = new StringBuilder();
        s.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(WIDTH)
                .append("\" height=\"")
                .append(HEIGHT)
                .append("\" viewBox=\"0 0 ")
                .append(WIDTH)
                .append(' ')
                .append(HEIGHT)
                .append("\" font-family=\"sans-serif\" font-size=\"10\">\n");
        s.append("  <title>Pending time per build</title>\n");
        s.append("  <line x1=\"")
                .append(AXIS)
                .append("\" y1=\"8\" x2=\"")
                .append(AXIS)
                .append("\" y2=\"")
                .append(8 + plotHeight)
                .append("\" stroke=\"#888\"/>\n");
        s.append("  <text x=\"")
                .append(AXIS - 4)
                .append("\" y=\"16\" text-anchor=\"end\">")
                .append(duration(max))
                .append("</text>\n");
        s.append("  <text x=\"")
                .append(AXIS - 4)
                .append("\" y=\"")
                .append(8 + plotHeight)
                .append("\" text-anchor=\"end\">0</text>\n");
        for (int i = 0; i < points.size(); i++) {
            Point p = points.get(i);
            int x = AXIS + i * slot + Math.max(1, slot / 6);
            int w = Math.max(1, slot - 2 * Math.max(1, slot / 6));
            boolean known = p.pendingSeconds() != null;
            int h = known ? (int) Math.max(1, Math.round((double) p.pendingSeconds() * plotHeight / max)) : 4;
            String fill = p.diagnosed() ? "#d9534f" : known ? "#4a90d9" : "#b0b0b0";
            s.append("  <rect x=\"")
                    .append(x)
                    .append("\" y=\"")
                    .append(8 + plotHeight - h)
                    .append("\" width=\"")
                    .append(w)
                    .append("\" height=\"")
                    .append(h)
                    .append("\" fill=\"")
                    .append(fill)
                    .append("\">")
                    .append("<title>#")
                    .append(p.build())
                    .append(": ")
                    .append(known ? duration(p.pendingSeconds()) : "pending time unknown")
                    .append(", ")
                    .append(text(p.result().toLowerCase(Locale.ROOT).replace('_', ' ')))
                    .append("</title></rect>\n");
            s.append("  <text x=\"")
                    .append(x + w / 2)
                    .append("\" y=\"")
                    .append(HEIGHT - 8)
                    .append("\" text-anchor=\"middle\">#")
                    .append(p.build())
                    .append("</text>\n");
        }
        s.append("</svg>\n");
        return s.toString();
    }

    /** A saved string as SVG text: it comes from build.xml, which is data, so it is escaped like any. */
    private static String text(String saved) {
        return saved.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /** {@code 45s}, {@code 12m}, {@code 3h 5m}. */
    static String duration(long seconds) {
        if (seconds < 60) {
            return seconds + "s";
        }
        if (seconds < 3600) {
            return seconds / 60 + "m";
        }
        long m = seconds / 60 % 60;
        return seconds / 3600 + "h" + (m == 0 ? "" : " " + m + "m");
    }
}
