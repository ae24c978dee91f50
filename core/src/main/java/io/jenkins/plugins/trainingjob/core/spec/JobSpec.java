package io.jenkins.plugins.trainingjob.core.spec;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A validated job spec: the platform plus the platform's native create-request body (AIHC v1
 * {@code POST /api/v1/aijobs} body, SenseCore ACP v2 {@code TrainingJob}). Immutable.
 */
public interface JobSpec {

    PlatformKind platform();

    /** The job name from the body ({@code name}); may be empty for SenseCore, where the server generates one. */
    String name();

    /** The create-request body, without the {@code platform} key. A fresh copy on every call. */
    ObjectNode body();
}
