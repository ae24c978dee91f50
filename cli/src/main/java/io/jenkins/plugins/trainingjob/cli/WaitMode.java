package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;

/** {@code --wait}: what to wait for after submitting, or nothing. */
public enum WaitMode {
    SCHEDULED,
    COMPLETED,
    NONE;

    /** The monitor's target, or {@code null} for {@link #NONE}. */
    WaitTarget target() {
        return switch (this) {
            case SCHEDULED -> WaitTarget.SCHEDULED;
            case COMPLETED -> WaitTarget.COMPLETED;
            case NONE -> null;
        };
    }
}
