package io.jenkins.plugins.trainingjob.core.platform;

/**
 * What a platform answers when asked why a job is pending, before analysis. {@code core.diagnosis}
 * turns either kind into findings.
 */
public sealed interface RawDiagnosis permits AihcScheduleDiagnosis, SenseCoreEvidence, DiagnosisWithInventory {
    JobRef job();
}
