package io.jenkins.plugins.trainingjob.core.platform;

import java.time.Instant;

/** A Kubernetes-style event about a job or pod (e.g. {@code FailedScheduling}). Remote data. */
public record JobEvent(String type, String reason, String message, Instant firstSeen, Instant lastSeen, int count) {
    public JobEvent {
        type = type == null ? "" : type;
        reason = reason == null ? "" : reason;
        message = message == null ? "" : message;
    }
}
