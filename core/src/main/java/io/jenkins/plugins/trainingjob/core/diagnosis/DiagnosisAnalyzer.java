package io.jenkins.plugins.trainingjob.core.diagnosis;

import io.jenkins.plugins.trainingjob.core.platform.RawDiagnosis;

/** Turns a platform's raw diagnosis into a {@link DiagnosisReport}. Pure and thread-safe. */
public final class DiagnosisAnalyzer {

    public DiagnosisReport analyze(RawDiagnosis raw) {
        throw new UnsupportedOperationException("TODO(diagnosis)");
    }
}
