package io.jenkins.plugins.trainingjob.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.trainingjob.core.monitor.JobOutputs;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.OutcomeSummary;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.io.File;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import jenkins.model.ArtifactManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every wait's end is archived in a directory of its own, even two waits on one job in one build. */
class JobEndArchiveTest {

    @TempDir
    File buildDir;

    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-42", "resnet");

    private static OutcomeSummary completedWith(String accuracy) {
        return new OutcomeSummary(
                JOB,
                new Outcome.Completed(FakePlatform.status(JOB, JobPhase.SUCCEEDED)),
                new JobOutputs(Map.of("accuracy", accuracy), "resnet-master-0", "", List.of()),
                null,
                "");
    }

    @Test
    void aSecondWaitOnTheSameJobGetsItsOwnFilesInsteadOfOverwritingTheFirst() throws Exception {
        Run<?, ?> run = mock(Run.class);
        when(run.getRootDir()).thenReturn(buildDir);
        when(run.pickArtifactManager()).thenReturn(mock(ArtifactManager.class));
        TaskListener listener = mock(TaskListener.class);

        Map<String, String> first = JobEndArchive.archive(run, listener, completedWith("0.91"));
        Map<String, String> second = JobEndArchive.archive(run, listener, completedWith("0.93"));

        assertThat(first).containsEntry("report", "training-job/pytorchjob-42/outcome.md");
        assertThat(second).containsEntry("report", "training-job/pytorchjob-42-2/outcome.md");
        assertThat(Files.readString(buildDir.toPath().resolve("training-job-end/pytorchjob-42/outcome.md")))
                .contains("0.91");
        assertThat(Files.readString(buildDir.toPath().resolve("training-job-end/pytorchjob-42-2/outcome.md")))
                .contains("0.93");
    }
}
