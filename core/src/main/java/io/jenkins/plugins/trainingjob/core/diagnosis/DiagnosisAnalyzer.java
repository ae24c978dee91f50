package io.jenkins.plugins.trainingjob.core.diagnosis;

import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.RawDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence;
import java.util.List;
import java.util.Objects;

/**
 * Turns a platform's raw diagnosis into a {@link DiagnosisReport}. Pure and thread-safe. AIHC answers are
 * normalised detail by detail; SenseCore, which has no diagnosis API, gets its findings derived from the
 * evidence the client gathered. Both end in the same report model (see {@code VerdictRule} for how the
 * verdict is decided).
 */
public final class DiagnosisAnalyzer {

    public DiagnosisReport analyze(RawDiagnosis raw) {
        Objects.requireNonNull(raw, "raw");
        if (raw instanceof AihcScheduleDiagnosis aihc) {
            return ReportAssembler.assemble(aihc.job(), aihc.diagnosisId(), AihcFindings.from(aihc), List.of(),
                    List.of());
        }
        SenseCoreEvidence sc = (SenseCoreEvidence) raw;
        SenseCoreFindings.Derivation d = SenseCoreFindings.derive(sc);
        return ReportAssembler.assemble(sc.job(), "", d.findings(), d.resources(), d.hints());
    }

    /** Builds a report from findings already normalised (e.g. by a test or another front end). */
    public DiagnosisReport analyze(JobRef job, String diagnosisId,
                                   List<Finding> findings) {
        return ReportAssembler.assemble(job, diagnosisId, List.copyOf(findings), List.of(), List.of());
    }
}
