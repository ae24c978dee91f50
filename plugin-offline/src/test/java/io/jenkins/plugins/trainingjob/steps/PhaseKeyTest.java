package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.verify;

import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;

/**
 * A step's result names the job's phase {@code phase}, as core's documents and the CLI's JSON do
 * ({@code status.phase}, {@code reused.phase}); {@code status}, the name the steps gave it before, stays for
 * one release beside it (docs/jenkins.md). This fails when either key disappears from a result, from a
 * result an earlier release saved, or from the documented table.
 */
class PhaseKeyTest {

    private static final Path JENKINS_MD =
            Path.of("..").toAbsolutePath().normalize().resolve("docs/jenkins.md");

    @TempDir
    File buildDir;

    @Test
    @SuppressWarnings("unchecked")
    void aWaitedStepReturnsThePhaseUnderItsNameAndTheFormerOne() throws Exception {
        StepFixture f = new StepFixture(buildDir);
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("prod");
        step.setSpecText("name: resnet-${RUN}");
        step.setVariables(StepFixture.variables("7"));
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(f.service);
        e.start();

        f.watcher.last().outcome.complete(new Outcome.Scheduled(FakePlatform.status(e.job(), JobPhase.RUNNING)));

        ArgumentCaptor<Object> result = ArgumentCaptor.forClass(Object.class);
        verify(f.context).onSuccess(result.capture());
        assertThat((Map<String, Object>) result.getValue())
                .containsEntry("phase", "RUNNING")
                .containsEntry("status", "RUNNING");
    }

    @Test
    void aJobWhoseStatusWasNotReadHasAnEmptyPhaseAndTheFormerSubmitted() {
        Map<String, Object> result = StepResult.of(new JobRef(PlatformKind.AIHC, "job-1", "resnet-7"), null, null);
        assertThat(result).containsEntry("phase", "").containsEntry("status", "SUBMITTED");
    }

    @Test
    void aResultAnEarlierReleaseSavedIsDeliveredWithThePhaseToo() {
        Map<String, Object> saved = new LinkedHashMap<>();
        saved.put("jobId", "job-1");
        saved.put("status", "RUNNING");
        assertThat(KnownResult.success(saved).value())
                .containsEntry("phase", "RUNNING")
                .containsEntry("status", "RUNNING");

        saved.put("status", "SUBMITTED");
        assertThat(KnownResult.success(saved).value())
                .containsEntry("phase", "")
                .containsEntry("status", "SUBMITTED");
    }

    /**
     * The release before wrote {@code reused} as {@code [jobId:, clientToken:, status:, finishedAt:]} (a
     * {@code TreeMap} of strings); a result it saved and this one delivers after a restart has {@code reused.phase}
     * too, as docs/jenkins.md's table promises.
     */
    @Test
    @SuppressWarnings("unchecked")
    void theReusedJobOfAResultAnEarlierReleaseSavedHasThePhaseToo() {
        Map<String, String> reused = new java.util.TreeMap<>();
        reused.put("jobId", "job-0");
        reused.put("clientToken", "tj-0123abcd");
        reused.put("status", "SUCCEEDED");
        reused.put("finishedAt", "2026-01-01T00:00:00Z");
        Map<String, Object> saved = new LinkedHashMap<>();
        saved.put("jobId", "job-0");
        saved.put("status", "SUCCEEDED");
        saved.put("reused", reused);

        Map<String, Object> delivered = KnownResult.success(saved).value();

        assertThat((Map<String, Object>) delivered.get("reused"))
                .containsEntry("phase", "SUCCEEDED")
                .containsEntry("status", "SUCCEEDED")
                .containsEntry("jobId", "job-0");
        assertThat(reused).as("the saved result itself is left as it was").doesNotContainKey("phase");
    }

    @Test
    void theReturnValueTableListsThePhaseAndItsFormerNameForThisReleaseOnly() throws IOException {
        List<String> rows = Files.readString(JENKINS_MD)
                .lines()
                .filter(l -> l.startsWith("| `phase` |") || l.startsWith("| `status` |"))
                .toList();
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0)).startsWith("| `phase` |").contains("`PENDING`", "`RUNNING`", "`''`");
        assertThat(rows.get(1))
                .startsWith("| `status` |")
                .contains("this release only")
                .contains("`phase`")
                .contains("`SUBMITTED`");
    }
}
