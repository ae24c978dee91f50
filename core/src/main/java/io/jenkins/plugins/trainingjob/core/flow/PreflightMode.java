package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.util.Locale;

/**
 * Whether a front end checks a job against its pool before creating it: {@link #ON} refuses a job that can
 * never fit (the default), {@link #STRICT} also refuses one that only a pool administrator can unblock,
 * {@link #WARN} reports it and submits anyway, {@link #OFF} skips the check.
 */
public enum PreflightMode {
    ON,
    OFF,
    WARN,
    STRICT;

    /**
     * Reads {@code true}/{@code on}, {@code false}/{@code off}, {@code warn} or {@code strict}; empty or {@code null} is
     * {@link #ON}.
     *
     * @param field the option or field name, for the error message
     * @throws InvalidInputException naming the field and the rule
     */
    public static PreflightMode parse(String text, String field) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "", "true", "on" -> ON;
            case "false", "off" -> OFF;
            case "warn" -> WARN;
            case "strict" -> STRICT;
            default ->
                throw InvalidInputException.of(
                        field,
                        "must be true, strict, warn or false, was '"
                                + io.jenkins.plugins.trainingjob.core.text.ConsoleText.strip(text, 40) + "'");
        };
    }

    /**
     * Whether a target with {@code verdict} is refused before anything is created: {@link #ON} refuses a job
     * that can never fit, {@link #STRICT} also one only an administrator can unblock; {@code null} (not
     * judged) is never refused. The one rule, for one target and for the fallback plan alike.
     */
    public boolean refuses(Verdict verdict) {
        return switch (this) {
            case OFF, WARN -> false;
            case ON -> verdict == Verdict.NEVER_FITS;
            case STRICT -> verdict == Verdict.NEVER_FITS || verdict == Verdict.NEEDS_ADMIN;
        };
    }

    /** The value as the front ends write it ({@code true}, {@code false}, {@code warn}, {@code strict}). */
    public String text() {
        return switch (this) {
            case ON -> "true";
            case OFF -> "false";
            case WARN -> "warn";
            case STRICT -> "strict";
        };
    }
}
