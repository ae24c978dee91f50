package io.jenkins.plugins.trainingjob.core.platform;

import java.util.function.Function;

/**
 * What a platform answers when asked why a job is pending, before analysis. {@code core.diagnosis}
 * turns either kind into findings.
 */
public sealed interface RawDiagnosis permits AihcScheduleDiagnosis, SenseCoreEvidence, DiagnosisWithInventory {
    JobRef job();

    /**
     * Applies the function for this kind of answer. A caller names a function for every kind, so a new kind
     * does not compile until each caller handles it (Java 17 has no pattern switch).
     */
    <R> R match(
            Function<? super AihcScheduleDiagnosis, ? extends R> aihc,
            Function<? super SenseCoreEvidence, ? extends R> senseCore,
            Function<? super DiagnosisWithInventory, ? extends R> withInventory);
}
