package io.jenkins.plugins.trainingjob.core.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.Hint;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiagnosisReportBuilderTest {

    private final JobRef job = new JobRef(PlatformKind.AIHC, "pytorchjob-a", "train-llm");
    private final PoolCell cell =
            new PoolCell("h-[1-3]", 3, ReasonCategory.CORDONED, "uncordon", "nvidia.com/gpu", 0, 24);

    @Test
    void aNewReportStartsEmptyAtTheCurrentSchema() {
        DiagnosisReport report =
                DiagnosisReport.builder(job, Verdict.UNKNOWN).headline("h").build();

        assertThat(report.schemaVersion()).isEqualTo(DiagnosisReport.SCHEMA_VERSION);
        assertThat(report.headline()).isEqualTo("h");
        assertThat(report.diagnosisId()).isEmpty();
        assertThat(report.pods()).isEmpty();
        assertThat(report.hints()).isEmpty();
        assertThat(report.pool()).isEmpty();
    }

    @Test
    void toBuilderKeepsEveryComponent() {
        DiagnosisReport report = DiagnosisReport.builder(job, Verdict.NEEDS_ADMIN)
                .diagnosisId("d-1")
                .headline("h")
                .verdictText("t")
                .nodeCount(3)
                .pods(List.of("w-[0-1]"))
                .queues(List.of("q"))
                .hints(List.of(new Hint("", "Suggestion: x", "", "")))
                .pool(List.of(cell))
                .build();

        assertThat(report.toBuilder().build()).isEqualTo(report);
    }

    @Test
    void withHintsKeepsThePoolPicture() {
        DiagnosisReport report = DiagnosisReport.builder(job, Verdict.FITS_LATER)
                .pool(List.of(cell))
                .build();
        List<Hint> hints = List.of(new Hint("", "Note: something", "", ""));

        DiagnosisReport changed = report.withHints(hints);

        assertThat(changed.hints()).isEqualTo(hints);
        assertThat(changed.pool()).containsExactly(cell);
        assertThat(changed.verdict()).isEqualTo(Verdict.FITS_LATER);
    }

    @Test
    void withPoolKeepsTheHints() {
        List<Hint> hints = List.of(new Hint("", "Suggestion: y", "", ""));
        DiagnosisReport report =
                DiagnosisReport.builder(job, Verdict.FITS_LATER).hints(hints).build();

        assertThat(report.withPool(List.of(cell)).hints()).isEqualTo(hints);
    }
}
