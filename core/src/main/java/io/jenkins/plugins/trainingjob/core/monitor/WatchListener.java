package io.jenkins.plugins.trainingjob.core.monitor;

/**
 * Hears a watch's progress. Called from the monitor's threads: implementations must be quick and must
 * not block (a Jenkins step writes a line to its log; the CLI prints to stderr).
 */
public interface WatchListener {

    WatchListener NONE = new WatchListener() {};

    default void onEvent(MonitorEvent event) {}

    /**
     * The durable state changed (a diagnosis was launched, a phase ended). Callers that survive restarts
     * persist it, as-is.
     */
    default void onStateChanged(WatchState state) {}
}
