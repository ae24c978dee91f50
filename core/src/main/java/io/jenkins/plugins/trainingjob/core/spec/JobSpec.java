package io.jenkins.plugins.trainingjob.core.spec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.Function;

/**
 * A validated job spec: the platform plus the platform's native create-request body (AIHC v1
 * {@code POST /api/v1/aijobs} body, SenseCore ACP v2 {@code TrainingJob}). Immutable. Sealed: one
 * permitted type per platform, so code that reads the typed fields goes through {@link #match} and
 * handles every platform.
 */
public sealed interface JobSpec permits AihcJobSpec, SenseCoreJobSpec {

    PlatformKind platform();

    /** The job name from the body ({@code name}); may be empty for SenseCore, where the server generates one. */
    String name();

    /**
     * The spec's {@code outputs:} block (not part of the body): the names to read from the worker's log when
     * the job ends, each from its regex or from the {@code trainjob-output/<nonce>} line convention.
     */
    OutputRules outputs();

    /** The create-request body, without the {@code platform} key. A fresh copy on every call. */
    ObjectNode body();

    /**
     * Applies the function for this spec's platform. A caller names a function for every platform, so a
     * new platform does not compile until each caller handles it (Java 17 has no pattern switch).
     */
    <R> R match(
            Function<? super AihcJobSpec, ? extends R> aihc, Function<? super SenseCoreJobSpec, ? extends R> senseCore);
}
