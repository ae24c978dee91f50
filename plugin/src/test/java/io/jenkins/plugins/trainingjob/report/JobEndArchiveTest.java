package io.jenkins.plugins.trainingjob.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyMap;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import hudson.FilePath;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.trainingjob.core.outcome.JobOutputs;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.report.OutcomeSummary;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import jenkins.model.ArtifactManager;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every wait's end is archived in a folder of its own, even two waits on one job in one build, and the
 * artifact manager keeps the only copy: the files are staged in a temporary folder that is gone once
 * {@code archive()} returned (review R12). The manager here copies what it is given, as core's
 * {@code StandardArtifactManager} does into the build's {@code archive} folder.
 */
class JobEndArchiveTest {

    @TempDir
    File buildDir;

    @TempDir
    Path artifacts;

    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-42", "resnet");

    private final List<Path> stagedIn = new ArrayList<>();
    private Run<?, ?> run;
    private ArtifactManager manager;

    private static OutcomeSummary completedWith(String accuracy) {
        return new OutcomeSummary(
                JOB,
                new Outcome.Completed(FakePlatform.status(JOB, JobPhase.SUCCEEDED)),
                new JobOutputs(Map.of("accuracy", accuracy), "resnet-master-0", "", List.of()),
                null,
                "");
    }

    @BeforeEach
    void copyingArtifactManager() throws Exception {
        run = mock(Run.class);
        manager = mock(ArtifactManager.class);
        when(run.getRootDir()).thenReturn(buildDir);
        when(run.pickArtifactManager()).thenReturn(manager);
        doAnswer(i -> {
                    Path workspace = Path.of(((FilePath) i.getArgument(0)).getRemote());
                    stagedIn.add(workspace);
                    Map<String, String> files = i.getArgument(3);
                    for (Map.Entry<String, String> e : files.entrySet()) {
                        Path to = artifacts.resolve(e.getKey());
                        Files.createDirectories(to.getParent());
                        Files.copy(workspace.resolve(e.getValue()), to);
                    }
                    return null;
                })
                .when(manager)
                .archive(any(), any(), any(), anyMap());
    }

    @Test
    void aSecondWaitOnTheSameJobGetsItsOwnFilesInsteadOfOverwritingTheFirst() throws Exception {
        TaskListener listener = mock(TaskListener.class);

        Map<String, String> first = JobEndArchive.archive(run, listener, completedWith("0.91"));
        Map<String, String> second = JobEndArchive.archive(run, listener, completedWith("0.93"));

        assertThat(first).containsEntry("report", "training-job/pytorchjob-42/outcome.md");
        assertThat(second).containsEntry("report", "training-job/pytorchjob-42-2/outcome.md");
        assertThat(Files.readString(artifacts.resolve("training-job/pytorchjob-42/outcome.md")))
                .contains("0.91");
        assertThat(Files.readString(artifacts.resolve("training-job/pytorchjob-42-2/outcome.md")))
                .contains("0.93");
    }

    @Test
    void theArtifactManagerKeepsTheOnlyCopyTheStagingFolderIsGoneAndTheBuildFolderHoldsNoFile() throws Exception {
        JobEndArchive.archive(run, mock(TaskListener.class), completedWith("0.91"));

        assertThat(stagedIn).hasSize(1);
        assertThat(stagedIn.get(0))
                .as("staged outside the build folder")
                .satisfies(p -> assertThat(p.startsWith(buildDir.toPath())).isFalse())
                .doesNotExist();
        assertThat(filesWithContent(buildDir.toPath()))
                .as("a copy left in the build folder is stored twice (or stays behind an external manager)")
                .isEmpty();
        assertThat(artifacts.resolve("training-job/pytorchjob-42/outcome.md")).isRegularFile();
    }

    @Test
    void aFailedArchiveLeavesNoStagingFolderEither() throws Exception {
        doAnswer(i -> {
                    stagedIn.add(Path.of(((FilePath) i.getArgument(0)).getRemote()));
                    throw new IOException("artifact store unreachable");
                })
                .when(manager)
                .archive(any(), any(), any(), anyMap());

        assertThatThrownBy(() -> JobEndArchive.archive(run, mock(TaskListener.class), completedWith("0.91")))
                .hasMessage("artifact store unreachable");

        assertThat(stagedIn).hasSize(1);
        assertThat(stagedIn.get(0)).doesNotExist();
    }

    @Test
    void aFolderAnEarlierReleaseStagedInStillCountsAsTaken() throws Exception {
        Files.createDirectories(buildDir.toPath().resolve("training-job-end/pytorchjob-42"));

        Map<String, String> archived = JobEndArchive.archive(run, mock(TaskListener.class), completedWith("0.91"));

        assertThat(archived).containsEntry("report", "training-job/pytorchjob-42-2/outcome.md");
    }

    private static List<Path> filesWithContent(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            return paths.filter(Files::isRegularFile)
                    .filter(p -> p.toFile().length() > 0)
                    .toList();
        }
    }
}
