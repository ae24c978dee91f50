package io.jenkins.plugins.trainingjob.core.diagnosis;

import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisWithInventory;
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
        return raw.match(
                aihc -> ReportAssembler.assemble(
                        aihc.job(), aihc.diagnosisId(), AihcFindings.from(aihc), List.of(), List.of()),
                DiagnosisAnalyzer::fromEvidence,
                joined -> join(analyze(joined.diagnosis()), joined));
    }

    private static DiagnosisReport fromEvidence(SenseCoreEvidence sc) {
        SenseCoreFindings.Derivation d = SenseCoreFindings.derive(sc);
        return ReportAssembler.assemble(sc.job(), "", d.findings(), d.resources(), d.hints());
    }

    /**
     * {@code report} (the analysis of {@code raw}'s diagnosis, by this or another analyzer) joined with the
     * inventory {@code raw} carries: what lifting each taint or cordon would buy, a definite verdict, and the
     * pool picture (see {@code InventoryJoin}); without an inventory, AIHC's remedies and a note saying why.
     * Any other diagnosis leaves the report as it is.
     */
    public DiagnosisReport join(DiagnosisReport report, RawDiagnosis raw) {
        Objects.requireNonNull(report, "report");
        if (!(raw instanceof DiagnosisWithInventory joined)
                || !(joined.diagnosis() instanceof AihcScheduleDiagnosis aihc)) {
            return report;
        }
        List<Finding> findings = AihcFindings.from(aihc);
        if (joined.inventory() != null) {
            return InventoryJoin.join(report, findings, joined.inventory());
        }
        DiagnosisReport remedied = InventoryJoin.remedies(report, findings);
        if (joined.unreadable().isEmpty()) {
            return remedied;
        }
        List<DiagnosisReport.Hint> hints = new java.util.ArrayList<>(remedied.hints());
        hints.add(new DiagnosisReport.Hint(
                "",
                "Note: " + joined.unreadable() + "; what lifting a refusal would buy " + "was not checked.",
                "",
                ""));
        return remedied.withHints(hints);
    }

    /** Builds a report from findings already normalised (e.g. by a test or another front end). */
    public DiagnosisReport analyze(JobRef job, String diagnosisId, List<Finding> findings) {
        return ReportAssembler.assemble(job, diagnosisId, List.copyOf(findings), List.of(), List.of());
    }
}
