package io.jenkins.plugins.trainingjob.core.platform;

import java.io.Serializable;
import java.util.Objects;

/**
 * A launched schedule diagnosis. For AIHC {@code id} is the platform's {@code diagnosisId}; SenseCore has
 * no diagnosis API, so its client derives the diagnosis from what the platform exposes and the id is
 * local.
 */
public record DiagnosisHandle(String id, JobRef job) implements Serializable {
    public DiagnosisHandle {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(job, "job");
    }
}
