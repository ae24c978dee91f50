package io.jenkins.plugins.trainingjob.core.snapshot;

import java.util.Objects;

/**
 * What a front end found to compare a job with ({@link SnapshotStore#baseline()}): a snapshot, nothing, or
 * something that could not be used (a file that is not a snapshot, one written by a newer release), which the
 * report's section names with why.
 *
 * @param label what the front end calls it ({@code build #41}, a file name); empty for {@link #NONE}
 * @param snapshot the snapshot, or {@code null} when there is none or it could not be used
 * @param unusable why it could not be used; empty otherwise
 */
public record Baseline(String label, StartSnapshot snapshot, String unusable) {

    /** No baseline: nothing is compared and the report has no section. */
    public static final Baseline NONE = new Baseline("", null, "");

    public Baseline {
        label = label == null ? "" : label;
        unusable = unusable == null ? "" : unusable;
        if (snapshot != null && !unusable.isEmpty()) {
            throw new IllegalArgumentException("a baseline is a snapshot or unusable, not both");
        }
    }

    /** A snapshot to compare with, under its own label. */
    public static Baseline of(StartSnapshot snapshot) {
        Objects.requireNonNull(snapshot, "snapshot");
        return new Baseline(snapshot.label(), snapshot, "");
    }

    /** Something named {@code label} that could not be used, and why: the section says it. */
    public static Baseline unusable(String label, String why) {
        return new Baseline(label, null, why == null || why.isBlank() ? "it could not be read" : why);
    }

    /** Whether anything was found: a snapshot, or one to say could not be used. */
    public boolean found() {
        return snapshot != null || !unusable.isEmpty();
    }
}
