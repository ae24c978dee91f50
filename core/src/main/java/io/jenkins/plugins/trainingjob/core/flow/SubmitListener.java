package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent;

/**
 * Hears a submit's progress. Called on the monitor's scheduler thread: an implementation only queues (a
 * Jenkins step hands its lines to its ordered log tasks; the CLI prints a line to stderr), never blocks.
 */
public interface SubmitListener {

    SubmitListener NONE = new SubmitListener() {};

    /** What the submit did. */
    default void onEvent(SubmitEvent event) {}

    /** The current attempt's watch progressed (state, queue position, ETA, diagnosis). */
    default void onWatchEvent(MonitorEvent event) {}
}
