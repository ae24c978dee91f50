package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import java.util.Locale;
import java.util.Map;

/**
 * Maps ACP job {@code state} strings to {@link JobPhase}. Besides the documented enum it knows the names
 * third-party tools have seen ({@code PENDING}, {@code WAIT_QUOTA}, {@code STOPPED}, {@code CANCELLED});
 * anything else is {@link JobPhase#UNKNOWN}, which is never terminal, so a new server value makes us
 * keep waiting instead of failing.
 */
final class SenseCoreJobStates {

    private static final Map<String, JobPhase> PHASES = Map.ofEntries(
            Map.entry("STATE_UNSPECIFIED", JobPhase.PENDING),
            Map.entry("WAITING", JobPhase.PENDING),
            Map.entry("INIT", JobPhase.PENDING),
            Map.entry("QUEUEING", JobPhase.PENDING),
            Map.entry("PENDING", JobPhase.PENDING),
            Map.entry("WAIT_QUOTA", JobPhase.PENDING),
            Map.entry("CREATING", JobPhase.STARTING),
            Map.entry("STARTING", JobPhase.STARTING),
            Map.entry("RUNNING", JobPhase.RUNNING),
            Map.entry("RESTARTING", JobPhase.RUNNING),
            Map.entry("RECOVERING", JobPhase.RUNNING),
            Map.entry("SUCCEEDED", JobPhase.SUCCEEDED),
            Map.entry("FAILED", JobPhase.FAILED),
            Map.entry("SUSPENDING", JobPhase.STOPPED),
            Map.entry("SUSPENDED", JobPhase.STOPPED),
            Map.entry("DELETING", JobPhase.STOPPED),
            Map.entry("DELETED", JobPhase.STOPPED),
            Map.entry("STOPPED", JobPhase.STOPPED),
            Map.entry("CANCELLED", JobPhase.STOPPED));

    private SenseCoreJobStates() {}

    /**
     * Whether a raw state that reads as stopped is only on its way there ({@code SUSPENDING}, {@code DELETING}):
     * the job may still hold its devices, so a stop is not confirmed by it.
     */
    static boolean stillStopping(String rawState) {
        String s = rawState == null ? "" : rawState.trim().toUpperCase(Locale.ROOT);
        return s.equals("SUSPENDING") || s.equals("DELETING");
    }

    /** The phase of a raw state; {@code null}, empty or unknown strings give {@link JobPhase#UNKNOWN}. */
    public static JobPhase phaseOf(String rawState) {
        if (rawState == null) {
            return JobPhase.UNKNOWN;
        }
        return PHASES.getOrDefault(rawState.trim().toUpperCase(Locale.ROOT), JobPhase.UNKNOWN);
    }
}
