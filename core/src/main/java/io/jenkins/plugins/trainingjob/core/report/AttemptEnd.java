package io.jenkins.plugins.trainingjob.core.report;

import java.util.Locale;

/**
 * Why an attempt of a submit ended, typed: what followed it is decided by this, never by its free-text
 * reason. Several attempts happen only with fallback targets or retries; a plain submit's one attempt
 * ends {@link #FINAL} (or {@link #INTERRUPTED}, {@link #CREATE_FAILED}).
 */
public enum AttemptEnd {
    /** It could not start where it was (pending timeout, or the wait budget): stopped, the next target tried. */
    MOVED,
    /** Its job failed in a way the retry policy retries: tried again on the same target. */
    RETRIED,
    /** Its job started while being stopped for a move: kept, and no further target tried. */
    KEPT_STARTED,
    /** Its job's stop before a move was not confirmed: nothing more is submitted (never two jobs). */
    STOP_UNCONFIRMED,
    /** An interrupt (Ctrl-C, an aborted build) ended the submit during this attempt. */
    INTERRUPTED,
    /** Found on a resume with a later attempt after it: the later one is followed. */
    SUPERSEDED,
    /** The create call failed; the submit ended there. */
    CREATE_FAILED,
    /** The attempt that ended the submit: its outcome is the submit's. */
    FINAL;

    /** The name in documents ({@code kept_started}). */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
