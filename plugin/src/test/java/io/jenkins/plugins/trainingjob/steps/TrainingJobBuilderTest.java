package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import hudson.AbortException;
import hudson.Launcher;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.io.File;
import java.io.InputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The freestyle builder blocks its executor: the scripted monitor answers at once. */
class TrainingJobBuilderTest {
    private final FreestyleBuild freestyle;
    private final StepFixture f;

    TrainingJobBuilderTest(@TempDir File buildDir) throws Exception {
        freestyle = new FreestyleBuild(buildDir);
        f = freestyle.f;
    }

    @Test
    void readsTheSpecFromTheWorkspaceWithTheBuildEnvironmentAndWaitsUntilScheduled() throws Exception {
        f.watcher.immediately = (job -> new Outcome.Scheduled(FakePlatform.status(job, JobPhase.RUNNING)));

        freestyle.perform(freestyle.builder());

        assertThat(f.specsLoaded).containsExactly("ci/job-7.yaml:name: resnet-${RUN}");
        assertThat(f.platform.submittedTokens).hasSize(1);
        assertThat(f.log()).contains("Submitted Baidu AIHC job resnet-7 (id job-1)");
    }

    @Test
    void aLaterBuildWithTheSameExpandedClientTokenFollowsTheFirstJobInsteadOfSubmitting() throws Exception {
        f.watcher.immediately = (job -> new Outcome.Scheduled(FakePlatform.status(job, JobPhase.RUNNING)));
        TrainingJobBuilder b = freestyle.builder();
        b.setClientToken("release-${RUN}");

        for (int build = 0; build < 2; build++) {
            hudson.EnvVars env = freestyle.env();
            org.mockito.Mockito.doReturn("release-7").when(env).expand("release-${RUN}");
            b.perform(
                    freestyle.build,
                    freestyle.workspace,
                    env,
                    org.mockito.Mockito.mock(hudson.Launcher.class),
                    f.listener);
        }

        assertThat(f.platform.submittedTokens).containsExactly("release-7");
        assertThat(f.log()).contains("already submitted as job job-1").contains("(client token release-7)");
    }

    @Test
    void anUnschedulableJobFailsTheBuildWithTheHeadline() throws Exception {
        DiagnosisReport[] report = new DiagnosisReport[1];
        f.watcher.immediately = job -> {
            try {
                report[0] = Reports.documentedAihcExample(job);
            } catch (java.io.IOException e) {
                throw new IllegalStateException(e);
            }
            return new Outcome.Unschedulable(FakePlatform.status(job, JobPhase.PENDING), report[0]);
        };

        assertThatThrownBy(() -> freestyle.perform(freestyle.builder()))
                .isInstanceOf(AbortException.class)
                .satisfies(t -> assertThat(t.getMessage()).isEqualTo(StepOutcome.unschedulableMessage(report[0])));
    }

    @Test
    void aMissingSpecFileIsNamedAndNothingIsSubmitted() throws Exception {
        when(freestyle.specFile.exists()).thenReturn(false);

        assertThatThrownBy(() -> freestyle.perform(freestyle.builder()))
                .isInstanceOf(AbortException.class)
                .hasMessage("spec: the file 'ci/job-7.yaml' does not exist in the workspace");
        assertThat(f.platform.submittedTokens).isEmpty();
    }

    /** Security review S4: the file is checked before it is read into controller memory. */
    @Test
    void aSpecFileLargerThanOneMebibyteIsRefusedWithoutReadingIt() throws Exception {
        when(freestyle.specFile.length()).thenReturn(4L << 30);

        assertThatThrownBy(() -> freestyle.perform(freestyle.builder()))
                .isInstanceOf(AbortException.class)
                .hasMessage("spec: the file 'ci/job-7.yaml' is larger than 1048576 bytes; a job spec is a few "
                        + "kilobytes, so it is not read");
        verify(freestyle.specFile, never()).read();
        verify(freestyle.specFile, never()).readToString();
        assertThat(f.platform.submittedTokens).isEmpty();
    }

    /** A device such as /dev/zero, or a hostile agent, reports size 0 and answers with an endless stream. */
    @Test
    void anEndlessSpecFileIsReadOnlyUpToTheCapAndRefused() throws Exception {
        long[] served = {0};
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                served[0]++;
                return 0;
            }
        };
        when(freestyle.specFile.length()).thenReturn(0L);
        when(freestyle.specFile.read()).thenReturn(endless);

        assertThatThrownBy(() -> freestyle.perform(freestyle.builder()))
                .isInstanceOf(AbortException.class)
                .hasMessageStartingWith("spec: the file 'ci/job-7.yaml' is larger than 1048576 bytes");
        assertThat(served[0]).isLessThanOrEqualTo(2L << 20);
        assertThat(f.platform.submittedTokens).isEmpty();
    }

    @Test
    void aBugEndsTheBuildWithTheExceptionItselfNotACleanAbort() throws Exception {
        IllegalArgumentException bug = new IllegalArgumentException("a bug, not the user's input");
        when(freestyle.specFile.read()).thenThrow(bug);

        assertThatThrownBy(() -> freestyle.perform(freestyle.builder())).isSameAs(bug);
        assertThat(f.platform.submittedTokens).isEmpty();
    }

    /**
     * Review R7. workflow-basic-steps' {@code step} offers every {@code SimpleBuildStep} builder ({@code
     * CoreStep.DescriptorImpl.getApplicableDescriptors}) and then calls its three-argument {@code perform} outside
     * {@code node {}}, whose default throws {@code AbstractMethodError}; the Snippet Generator lists every one
     * that has a symbol (workflow-cps {@code Snippetizer.getQuasiDescriptors}). A symbol without a meta-step
     * that runs it would make {@code trainingJobBuilder(...)} a silent no-op ({@code DSL.invokeDescribable}).
     * So neither: a Pipeline that names the builder fails before anything runs, in Pipeline's own words.
     */
    @Test
    void pipelineNeitherOffersNorRunsTheFreestyleBuilder() {
        assertThat(jenkins.tasks.SimpleBuildStep.class.isAssignableFrom(TrainingJobBuilder.class))
                .as("a SimpleBuildStep is listed under 'step' and run by it")
                .isFalse();
        assertThat(TrainingJobBuilder.DescriptorImpl.class.getAnnotation(org.jenkinsci.Symbol.class))
                .as("a symbol lists it in the Snippet Generator")
                .isNull();
    }

    @Test
    void aFreestyleBuildRunsItWithTheBuildsWorkspaceAndEnvironment() throws Exception {
        f.watcher.immediately = (job -> new Outcome.Scheduled(FakePlatform.status(job, JobPhase.RUNNING)));

        freestyle.perform(freestyle.builder()); // perform(AbstractBuild, Launcher, BuildListener), as core calls it

        assertThat(f.specsLoaded).containsExactly("ci/job-7.yaml:name: resnet-${RUN}");
        assertThat(f.platform.submittedTokens).hasSize(1);
    }

    @Test
    void aSpecFileWithoutAWorkspaceIsRefusedNamingSpecAndInlineSpecTextNeedsNone() throws Exception {
        f.watcher.immediately = (job -> new Outcome.Scheduled(FakePlatform.status(job, JobPhase.RUNNING)));
        when(freestyle.build.getWorkspace()).thenReturn(null);
        hudson.model.BuildListener listener = mock(hudson.model.BuildListener.class);
        when(listener.getLogger()).thenAnswer(i -> f.listener.getLogger());

        assertThatThrownBy(() -> freestyle.builder().perform(freestyle.build, mock(Launcher.class), listener))
                .isInstanceOf(AbortException.class)
                .hasMessageStartingWith("spec: this build has no workspace");
        TrainingJobBuilder inline = freestyle.builder();
        inline.setSpec(null);
        inline.setSpecText("name: resnet-${RUN}");
        assertThat(inline.perform(freestyle.build, mock(Launcher.class), listener))
                .isTrue();
        assertThat(f.platform.submittedTokens).hasSize(1);
    }

    @Test
    void givenAnotherKindOfRunItRefusesWithOneLinePointingAtTheStepAndSubmitsNothing() throws Exception {
        assertThatThrownBy(() -> freestyle
                        .builder()
                        .perform(f.run, freestyle.workspace, freestyle.env(), mock(Launcher.class), f.listener))
                .isInstanceOf(AbortException.class)
                .hasMessage("trainingJobBuilder cannot wait across a controller restart in a Pipeline: use "
                        + "submitTrainingJob (same parameters) instead");
        assertThat(f.platform.submittedTokens).isEmpty();
        assertThat(f.watcher.watches).isEmpty();
    }

    @Test
    void onlyASpecFileNeedsAWorkspace() {
        TrainingJobBuilder inline = new TrainingJobBuilder();
        inline.setSpecText("name: resnet");
        assertThat(inline.requiresWorkspace()).isFalse();
        assertThat(freestyle.builder().requiresWorkspace()).isTrue();
    }

    @Test
    void waitNoneSubmitsThroughTheSharedFlowAndReadsOneStatus() throws Exception {
        TrainingJobBuilder b = freestyle.builder();
        b.setWait("none");

        freestyle.perform(b);

        assertThat(f.platform.submittedTokens).hasSize(1);
        assertThat(f.watcher.watches).isEmpty();
        assertThat(f.log()).contains("Submitted Baidu AIHC job resnet-7 (id job-1)");
    }

    @Test
    void theMonitorsLinesAreWrittenByTheBuildsThreadNeverByTheMonitors() throws Exception {
        java.util.List<String> writers = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.io.PrintStream recording = new java.io.PrintStream(
                new java.io.OutputStream() {
                    @Override
                    public void write(int b) {
                        writers.add(Thread.currentThread().getName());
                    }
                },
                true);
        hudson.model.TaskListener listener = mock(hudson.model.TaskListener.class);
        when(listener.getLogger()).thenReturn(recording);
        java.util.concurrent.CountDownLatch watching = new java.util.concurrent.CountDownLatch(1);
        io.jenkins.plugins.trainingjob.TrainingJobService service =
                new io.jenkins.plugins.trainingjob.TrainingJobService(
                        s -> f.platform,
                        f.service.credentials(),
                        f.service.specs(),
                        () -> f.config,
                        (resolver, time) -> new io.jenkins.plugins.trainingjob.core.monitor.JobWatcher() {
                            @Override
                            public io.jenkins.plugins.trainingjob.core.monitor.Watch watch(
                                    String key,
                                    io.jenkins.plugins.trainingjob.core.platform.JobRef job,
                                    io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy policy,
                                    io.jenkins.plugins.trainingjob.core.monitor.WatchListener l) {
                                io.jenkins.plugins.trainingjob.core.monitor.Watch w =
                                        f.watcher.watch(key, job, policy, l);
                                watching.countDown();
                                return w;
                            }

                            @Override
                            public io.jenkins.plugins.trainingjob.core.monitor.Watch resume(
                                    io.jenkins.plugins.trainingjob.core.monitor.WatchState state,
                                    io.jenkins.plugins.trainingjob.core.monitor.WatchListener l) {
                                throw new UnsupportedOperationException();
                            }

                            @Override
                            public io.jenkins.plugins.trainingjob.core.monitor.MonitorTasks tasks() {
                                return f.watcher.tasks(); // the flow's steps run where they are handed over
                            }

                            @Override
                            public java.util.concurrent.CompletableFuture<
                                            io.jenkins.plugins.trainingjob.core.monitor.FetchedDiagnosis>
                                    fetchDiagnosis(
                                            String key,
                                            io.jenkins.plugins.trainingjob.core.monitor.DiagnosisFetcher fetcher,
                                            String diagnosisId,
                                            String jobId) {
                                throw new UnsupportedOperationException();
                            }
                        },
                        Runnable::run);
        TrainingJobBuilder builder = freestyle.builder();
        builder.useService(service);
        java.util.concurrent.ExecutorService buildThread =
                java.util.concurrent.Executors.newSingleThreadExecutor(r -> new Thread(r, "freestyle-build"));
        try {
            java.util.concurrent.Future<?> build = buildThread.submit(() -> {
                builder.perform(freestyle.build, freestyle.workspace, freestyle.env(), mock(Launcher.class), listener);
                return null;
            });
            assertThat(watching.await(60, java.util.concurrent.TimeUnit.SECONDS))
                    .isTrue();
            io.jenkins.plugins.trainingjob.core.testkit.ScriptedWatcher.ScriptedWatch watch = f.watcher.last();
            writers.clear();

            // this thread plays the monitor's scheduler
            watch.listener.onEvent(new io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent.Heartbeat(
                    FakePlatform.status(watch.state.job(), JobPhase.PENDING), java.time.Duration.ofMinutes(1)));
            watch.outcome.complete(new Outcome.Scheduled(FakePlatform.status(watch.state.job(), JobPhase.RUNNING)));
            build.get(60, java.util.concurrent.TimeUnit.SECONDS);
        } finally {
            buildThread.shutdownNow();
        }

        assertThat(writers).isNotEmpty().containsOnly("freestyle-build");
    }
}
