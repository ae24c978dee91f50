package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.io.Serializable;
import java.util.Objects;

/**
 * Identifies one job on one platform. {@code id} is what the platform's get call takes: the AIHC
 * {@code jobId} ({@code pytorchjob-<uuid>}) or the SenseCore {@code training_job_name}. {@code name} is
 * the human name (AIHC {@code name}, SenseCore {@code name}); it may equal {@code id}.
 */
public record JobRef(PlatformKind platform, String id, String name) implements Serializable {
    public JobRef {
        Objects.requireNonNull(platform, "platform");
        Objects.requireNonNull(id, "id");
        if (name == null || name.isEmpty()) {
            name = id;
        }
    }
}
