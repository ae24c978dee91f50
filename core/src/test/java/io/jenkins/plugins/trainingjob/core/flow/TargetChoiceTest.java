package io.jenkins.plugins.trainingjob.core.flow;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TargetChoiceTest {

    private final List<TargetChoice.Judged> judged = new ArrayList<>();

    private void target(String label, Verdict verdict, Duration eta) {
        BoundTarget c = new BoundTarget(
                judged.size() + 1, label, new FakePlatform(), FakePlatform.spec(PlatformKind.AIHC, "train"), "c");
        DiagnosisReport report = verdict == null
                ? null
                : DiagnosisReport.builder(new JobRef(PlatformKind.AIHC, "", "train"), verdict)
                        .build();
        judged.add(new TargetChoice.Judged(c, report, Optional.ofNullable(eta), verdict == null ? "no answer" : ""));
    }

    private List<String> labels(TargetChoice.Plan plan) {
        return plan.order().stream().map(j -> j.candidate().label()).toList();
    }

    @Test
    void bestTakesTheFirstThatFitsNowThenTheSoonestThenTheUnknown() {
        target("primary", Verdict.FITS_LATER, Duration.ofHours(3));
        target("queue=a", Verdict.NEVER_FITS, null);
        target("queue=b", Verdict.FITS_LATER, Duration.ofMinutes(20));
        target("queue=c", Verdict.UNKNOWN, null);
        target("queue=d", Verdict.FITS_NOW, null);
        target("queue=e", Verdict.NEEDS_ADMIN, null);
        target("queue=f", Verdict.FITS_LATER, null);
        TargetChoice.Plan plan = TargetChoice.plan(judged, true, FallbackOrder.BEST, "");
        assertThat(labels(plan)).containsExactly("queue=d", "queue=b", "primary", "queue=f", "queue=c");
        assertThat(plan.skipped()).extracting(j -> j.candidate().label()).containsExactly("queue=a", "queue=e");
        assertThat(plan.lines())
                .contains(
                        "target 1 (primary): FITS_LATER, ETA p50 3h",
                        "target 2 (queue=a): NEVER_FITS, no ETA; skipped",
                        "target 5 (queue=d): FITS_NOW",
                        "chose target 5 (queue=d): it fits now, first such in the given order");
    }

    @Test
    void bestWithoutATargetThatFitsNowSaysTheEtaWon() {
        target("primary", Verdict.FITS_LATER, Duration.ofHours(3));
        target("queue=spot", Verdict.FITS_LATER, Duration.ofMinutes(5));
        TargetChoice.Plan plan = TargetChoice.plan(judged, true, FallbackOrder.BEST, "");
        assertThat(plan.lines())
                .last()
                .asString()
                .isEqualTo("chose target 2 (queue=spot): no target fits now; its ETA p50 5m is the soonest");
    }

    @Test
    void givenKeepsTheOrderAndSkipsOnlyNeverFits() {
        target("primary", Verdict.NEEDS_ADMIN, null);
        target("queue=a", Verdict.NEVER_FITS, null);
        target("queue=b", Verdict.FITS_NOW, null);
        TargetChoice.Plan plan = TargetChoice.plan(judged, true, FallbackOrder.GIVEN, "");
        assertThat(labels(plan)).containsExactly("primary", "queue=b");
    }
}
