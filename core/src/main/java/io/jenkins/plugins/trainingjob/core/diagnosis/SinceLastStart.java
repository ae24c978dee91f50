package io.jenkins.plugins.trainingjob.core.diagnosis;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The report's section "Since it last started": what changed between the snapshot of an earlier run that got
 * its GPUs (the baseline) and the evidence of today's pending job, most important first. Plain data, worded
 * once where it is computed ({@code core.snapshot.SnapshotDiff}), so every format says the same words and the
 * report needs nothing of the snapshot. Every string may hold remote data (node, queue and job names, the
 * label a front end gave the baseline); renderers escape it.
 *
 * @param baseline the label of the baseline as the front end set it ({@code build #41}), empty when none
 * @param startedAt when the baseline's job started (or the snapshot was taken), ISO-8601, or empty
 * @param waitedSeconds how long the baseline's job waited before it started, or {@code null} when not known
 * @param title the section's title: {@code Since it last started (build #41, 2026-12-03 22:10 UTC, started
 *     after 3 min)}
 * @param compared false when the baseline was not compared (another platform, pool or queue, too old,
 *     unreadable): {@code headline} then says why, and {@code changes} is empty
 * @param headline the largest change when it alone explains the wait, "no change found in what was
 *     recorded", or why nothing was compared
 * @param changes the changes, most important first
 * @param notes what could not be compared and why, and what the comparison cannot see
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SinceLastStart(
        String baseline,
        String startedAt,
        Long waitedSeconds,
        String title,
        boolean compared,
        String headline,
        List<Change> changes,
        List<String> notes) {

    /** The title every section starts with; the parenthesis names the baseline. */
    public static final String TITLE = "Since it last started";

    /** The headline when nothing recorded changed. */
    public static final String NO_CHANGE = "no change found in what was recorded";

    public SinceLastStart {
        baseline = nz(baseline);
        startedAt = nz(startedAt);
        title = title == null || title.isEmpty() ? TITLE : title;
        headline = nz(headline);
        changes = changes == null ? List.of() : List.copyOf(changes);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    /** The headline as a sentence under the title: its first letter upper case. */
    public String sentence() {
        return headline.isEmpty() ? "" : Character.toUpperCase(headline.charAt(0)) + headline.substring(1);
    }

    /**
     * The headline as one line of its own, away from the title (a build page's summary): {@code Since build #41, gpu-[07-08] were cordoned: ...}, or
     * {@code Since build #41: no change found in what was recorded}.
     */
    public String summary() {
        if (headline.startsWith("since ")) {
            return sentence();
        }
        return "Since " + (baseline.isEmpty() ? "it last started" : baseline) + ": " + headline;
    }

    /**
     * One change since the baseline.
     *
     * @param kind what changed: {@code demand}, {@code nodes}, {@code held}, {@code queue}, {@code ahead} or
     *     {@code gained} (nodes usable now that were not then)
     * @param text the change in words, e.g. {@code gpu-[07-08] were cordoned: 16 GPUs the job could use then}
     * @param gpus the GPUs it cost the job (negative: it freed some); 0 when not counted in GPUs
     * @param explains whether undoing this change alone would let the job fit, by what was recorded
     */
    public record Change(String kind, String text, long gpus, boolean explains) {
        public Change {
            kind = nz(kind);
            text = nz(text);
        }
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
