package io.jenkins.plugins.trainingjob.core.monitor;

/**
 * The monitor's test seams for tests of other packages and modules (through core's test-jar), so that
 * {@link JobMonitor} keeps them package-private and out of core's API.
 */
public final class JobMonitorTestAccess {

    private JobMonitorTestAccess() {}

    /**
     * Waits until {@code monitor} has nothing but timers left: no step queued or running, no platform call
     * (what is due on its clock has then been done).
     *
     * @throws IllegalStateException when the monitor is still busy after ten seconds
     */
    public static void awaitIdle(JobMonitor monitor) {
        monitor.awaitIdle();
    }
}
