package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.google.common.util.concurrent.Futures;
import hudson.model.Action;
import hudson.model.Run;
import io.jenkins.plugins.trainingjob.AihcConnection;
import io.jenkins.plugins.trainingjob.Connection;
import io.jenkins.plugins.trainingjob.ForbiddenContent;
import io.jenkins.plugins.trainingjob.SavedForms;
import io.jenkins.plugins.trainingjob.SenseCoreConnection;
import io.jenkins.plugins.trainingjob.TrainingJobConfiguration;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.monitor.WatchState;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.snapshot.Baseline;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshotJson;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import io.jenkins.plugins.trainingjob.report.BuildSnapshots;
import io.jenkins.plugins.trainingjob.report.PendingTime;
import io.jenkins.plugins.trainingjob.report.PendingTimeAction;
import io.jenkins.plugins.trainingjob.report.ReportArchive;
import io.jenkins.plugins.trainingjob.report.ScheduleDiagnosisAction;
import io.jenkins.plugins.trainingjob.report.StartSnapshotAction;
import java.io.File;
import java.lang.reflect.Field;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.mockito.ArgumentCaptor;

/**
 * The saved state of this release stays readable by the next: the forms it writes are checked in under
 * {@code src/test/resources/io/jenkins/plugins/trainingjob/saved-state/<release>/}, and every release's
 * fixtures must load with today's classes, with their values, through the libraries Jenkins reads them
 * with (see {@link SavedForms}): a step execution in the middle of its wait, and one whose outcome was saved
 * before it completed (Java serialization and Pipeline's JBoss River), the build page action ({@code build.xml}), the global configuration and the
 * freestyle builder (XStream). None of them may hold a secret, a client or another live object
 * ({@link ForbiddenContent}); XML may only name classes JEP-200 lets Jenkins read.
 *
 * <p>The scenarios' values are constants of this test, because earlier releases' fixtures are checked
 * against them: add scenarios, do not change them.
 *
 * <p>When this release's saved form changes on purpose, regenerate its fixtures (earlier releases' stay):
 * <pre>./mvnw -B -o -pl plugin-offline -am test -Dtest=SavedStateFixturesTest \
 *     -Dsurefire.failIfNoSpecifiedTests=false -Dfixtures.write=true</pre>
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SavedStateFixturesTest {
    private static final String FIXTURES = "io/jenkins/plugins/trainingjob/saved-state";
    private static final Instant WATCH_STARTED = Instant.parse("2026-01-01T00:00:00Z");
    private static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    private static final String REGENERATE = "if the change is on purpose, regenerate this release's fixtures: "
            + "./mvnw -B -o -pl plugin-offline -am test -Dtest=SavedStateFixturesTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Dfixtures.write=true";

    @TempDir
    File buildDir;

    // --- what this release writes

    /** The forms this release writes, by fixture file name. */
    private Map<String, byte[]> writeAll() throws Exception {
        Map<String, byte[]> forms = new LinkedHashMap<>();
        SubmitTrainingJobExecution submit = submitWaiting(new StepFixture(buildDir));
        forms.put("submit-execution-waiting.ser", SavedForms.javaSerialize(submit));
        forms.put("submit-execution-waiting.river", SavedForms.riverWrite(submit));
        forms.putAll(submitOutcomeKnown(new StepFixture(buildDir)));
        SubmitTrainingJobExecution token = submitWithClientToken(new StepFixture(buildDir));
        forms.put("submit-execution-client-token.ser", SavedForms.javaSerialize(token));
        forms.put("submit-execution-client-token.river", SavedForms.riverWrite(token));
        SubmitTrainingJobExecution second = submitSecondAttempt(new StepFixture(buildDir));
        forms.put("submit-execution-second-attempt.ser", SavedForms.javaSerialize(second));
        forms.put("submit-execution-second-attempt.river", SavedForms.riverWrite(second));
        AwaitScheduleDiagnosisExecution await = awaitWaiting(new StepFixture(buildDir));
        forms.put("await-execution-waiting.ser", SavedForms.javaSerialize(await));
        forms.put("await-execution-waiting.river", SavedForms.riverWrite(await));
        forms.put("schedule-diagnosis-action.xml", utf8(SavedForms.toXml(diagnosisAction())));
        forms.put("pending-time-action.xml", utf8(SavedForms.toXml(pendingTimeAction())));
        forms.put("pending-time-action-waiting.xml", utf8(SavedForms.toXml(pendingTimeActionWaiting())));
        forms.put("attempts-action.xml", utf8(SavedForms.toXml(attemptsAction())));
        forms.put("start-snapshot-action.xml", utf8(SavedForms.toXml(startSnapshotAction())));
        forms.put("training-job-configuration.xml", utf8(SavedForms.toXml(configuration())));
        forms.put("training-job-builder.xml", utf8(SavedForms.toXml(builder())));
        return forms;
    }

    /** submitTrainingJob on a configured connection, submitted and waiting to be scheduled. */
    private static SubmitTrainingJobExecution submitWaiting(StepFixture f) throws Exception {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("prod");
        step.setSpecText("name: resnet-${RUN}\n");
        step.setVariables(List.of("RUN=7"));
        step.setPendingTimeout("15m");
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(f.service);
        e.start();
        assertThat(e.watchState()).as("the step is waiting").isNotNull();
        return e;
    }

    /** submitTrainingJob with the user's {@code clientToken} (issue 23), submitted and waiting to be scheduled. */
    private static SubmitTrainingJobExecution submitWithClientToken(StepFixture f) throws Exception {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("prod");
        step.setSpecText("name: resnet-${RUN}\n");
        step.setVariables(List.of("RUN=7"));
        step.setClientToken("nightly-42-train");
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(f.service);
        e.start();
        assertThat(e.watchState()).as("the step is waiting").isNotNull();
        return e;
    }

    /**
     * submitTrainingJob with a fallback queue, waiting on attempt 2 after attempt 1 stayed pending past its
     * timeout and was stopped: the saved flow holds attempt 1's record and attempt 2's job.
     */
    private static SubmitTrainingJobExecution submitSecondAttempt(StepFixture f) throws Exception {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("prod");
        step.setSpecText("name: resnet-${RUN}\n");
        step.setVariables(List.of("RUN=7"));
        step.setPendingTimeout("15m");
        Fallback spot = new Fallback();
        spot.setQueue("spot");
        step.setFallback(List.of(spot));
        step.setFallbackOrder("given");
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(f.service);
        e.start();
        JobRef first = e.job();
        f.watcher
                .last()
                .outcome
                .complete(new Outcome.Unschedulable(
                        FakePlatform.status(first, JobPhase.PENDING), Reports.documentedAihcExample(first)));
        assertThat(e.attempt()).as("attempt 2 was submitted").isEqualTo(2);
        assertThat(e.watchState()).as("the step is waiting on attempt 2").isNotNull();
        assertThat(e.watchState().job()).isNotEqualTo(first);
        return e;
    }

    /**
     * submitTrainingJob after its outcome (the job is running) was saved, before the step completed: what a
     * restart in between finds (m15). Captured at the step's last save.
     */
    private static Map<String, byte[]> submitOutcomeKnown(StepFixture f) throws Exception {
        SubmitTrainingJobExecution e = submitWaiting(f);
        Map<String, byte[]> saved = new LinkedHashMap<>();
        when(f.context.saveState()).thenAnswer(i -> {
            saved.put("submit-execution-outcome-known.ser", SavedForms.javaSerialize(e));
            saved.put("submit-execution-outcome-known.river", SavedForms.riverWrite(e));
            return Futures.immediateFuture(null);
        });
        f.watcher.last().outcome.complete(new Outcome.Scheduled(FakePlatform.status(e.job(), JobPhase.RUNNING)));
        verify(f.context).onSuccess(any());
        assertThat(saved).as("the outcome was saved before the step completed").hasSize(2);
        return saved;
    }

    /** awaitScheduleDiagnosis with inline AIHC settings, waiting for completion. */
    private static AwaitScheduleDiagnosisExecution awaitWaiting(StepFixture f) throws Exception {
        AwaitScheduleDiagnosisStep step = new AwaitScheduleDiagnosisStep();
        step.setJobId("job-77");
        step.setPlatform(inlineAihc());
        step.setUntil("completed");
        step.setPendingTimeout("20m");
        step.setCancelOnAbort(false);
        AwaitScheduleDiagnosisExecution e = (AwaitScheduleDiagnosisExecution) step.start(f.context);
        e.useService(f.service);
        e.start();
        assertThat(e.watchState()).as("the step is waiting").isNotNull();
        return e;
    }

    private ScheduleDiagnosisAction diagnosisAction() throws Exception {
        Run<?, ?> run = mock(Run.class);
        when(run.getRootDir()).thenReturn(buildDir);
        when(run.getUrl()).thenReturn("job/p/1/");
        List<Action> added = new ArrayList<>();
        doAnswer(i -> added.add(i.getArgument(0))).when(run).addAction(any());
        ReportArchive.attach(run, Reports.documentedAihcExample(new JobRef(PlatformKind.AIHC, "job-1", "resnet-7")));
        assertThat(added).hasSize(1);
        return (ScheduleDiagnosisAction) added.get(0);
    }

    /**
     * Made as XStream makes an object it reads, without the constructor: the constructor's {@code load()}
     * and the setters' {@code save()} need a controller (jenkins-stubs fail there as Jenkins does), and the
     * saved form is only the fields.
     */
    /** A build's waits for the job page's trend: one scheduled after 90 s, one diagnosed. */
    private static PendingTimeAction pendingTimeAction() throws Exception {
        Run<?, ?> run = mock(Run.class);
        List<Action> added = new ArrayList<>();
        doAnswer(i -> added.add(i.getArgument(0))).when(run).addAction(any());
        when(run.getAction(PendingTimeAction.class)).thenAnswer(i -> added.isEmpty() ? null : added.get(0));
        JobRef job = new JobRef(PlatformKind.AIHC, "job-1", "resnet-7");
        io.jenkins.plugins.trainingjob.core.platform.JobStatus s = FakePlatform.status(job, JobPhase.RUNNING);
        io.jenkins.plugins.trainingjob.core.platform.JobStatus started =
                new io.jenkins.plugins.trainingjob.core.platform.JobStatus(
                        job,
                        s.phase(),
                        s.rawState(),
                        WATCH_STARTED,
                        WATCH_STARTED.plusSeconds(90),
                        null,
                        null,
                        s.reason(),
                        s.workers(),
                        null);
        PendingTimeAction.record(run, PendingTime.of(new Outcome.Scheduled(started), job, null));
        PendingTimeAction.record(
                run,
                PendingTime.of(
                        new Outcome.Unschedulable(
                                FakePlatform.status(job, JobPhase.PENDING), Reports.documentedAihcExample(job)),
                        job,
                        "job/p/1/training-job-job-1/"));
        return (PendingTimeAction) added.get(0);
    }

    /** A build saved while its job waited (review R11): the build page's view of the wait, as of its last save. */
    private static PendingTimeAction pendingTimeActionWaiting() {
        Run<?, ?> run = mock(Run.class);
        List<Action> added = new ArrayList<>();
        doAnswer(i -> added.add(i.getArgument(0))).when(run).addAction(any());
        when(run.getAction(PendingTimeAction.class)).thenAnswer(i -> added.isEmpty() ? null : added.get(0));
        JobRef job = new JobRef(PlatformKind.AIHC, "job-1", "resnet-7");
        io.jenkins.plugins.trainingjob.core.platform.JobStatus s = FakePlatform.status(job, JobPhase.PENDING);
        io.jenkins.plugins.trainingjob.core.platform.JobStatus queued =
                new io.jenkins.plugins.trainingjob.core.platform.JobStatus(
                        job, s.phase(), "Queueing", WATCH_STARTED, null, null, 3, s.reason(), s.workers(), null);
        io.jenkins.plugins.trainingjob.report.WaitProgress progress =
                new io.jenkins.plugins.trainingjob.report.WaitProgress(run, new ManualClock(WATCH_STARTED));
        progress.onEvent(new io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent.StateChanged(null, queued));
        progress.onEvent(new io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent.EtaChanged(
                queued,
                io.jenkins.plugins.trainingjob.core.eta.Eta.estimate(
                        java.time.Duration.ofMinutes(25),
                        java.time.Duration.ofMinutes(40),
                        java.time.Duration.ofMinutes(70),
                        3,
                        24,
                        "the real waits")));
        // the progress ran on a clock standing at WATCH_STARTED, so the form is the same every time
        return (PendingTimeAction) added.get(0);
    }

    private static void checkPendingTimeWaiting(PendingTimeAction a) {
        Run<?, ?> run = mock(Run.class);
        when(run.isBuilding()).thenReturn(true);
        a.onLoad(run);
        assertThat(a.getWaits()).isEmpty();
        assertThat(a.getLiveWaits()).singleElement().satisfies(w -> {
            assertThat(w.getJobId()).isEqualTo("job-1");
            assertThat(w.getState()).isEqualTo("PENDING");
            assertThat(w.getQueuePosition()).isEqualTo(3);
            assertThat(w.getEta()).startsWith("expected to start in 25-70 min");
            assertThat(w.getUpdatedAt()).isEqualTo(WATCH_STARTED.toEpochMilli());
        });
    }

    /** A submit of two attempts (review R11): its summary on the build page. */
    private static io.jenkins.plugins.trainingjob.report.AttemptsAction attemptsAction() {
        Run<?, ?> run = mock(Run.class);
        List<Action> added = new ArrayList<>();
        doAnswer(i -> added.add(i.getArgument(0))).when(run).addAction(any());
        io.jenkins.plugins.trainingjob.report.AttemptsAction.record(
                run,
                "nightly-42",
                List.of(
                        new io.jenkins.plugins.trainingjob.core.report.Attempt(
                                1,
                                "primary",
                                "nightly-42",
                                "job-1",
                                io.jenkins.plugins.trainingjob.core.diagnosis.Verdict.FITS_LATER,
                                "unschedulable",
                                java.time.Duration.ofMinutes(15),
                                "pending timeout 15m passed; stopped, moved to target 2"),
                        new io.jenkins.plugins.trainingjob.core.report.Attempt(
                                2,
                                "queue=spot",
                                "nightly-42-a2",
                                "job-2",
                                null,
                                "scheduled",
                                java.time.Duration.ofMinutes(2),
                                "")));
        return (io.jenkins.plugins.trainingjob.report.AttemptsAction) added.get(0);
    }

    /** Build #41's job resnet-7 started after 3 minutes on two of its queue's nodes. */
    private static StartSnapshot resnetStarted() {
        return new StartSnapshot(
                "",
                StartSnapshot.Moment.STARTED,
                WATCH_STARTED.plusSeconds(185),
                WATCH_STARTED.plusSeconds(180),
                180L,
                PlatformKind.AIHC,
                "pool-1",
                "default",
                "job-1",
                "resnet-7",
                new StartSnapshot.Demand("resnet-7", 2, Map.of("nvidia.com/gpu", 8.0), List.of(), ""),
                new StartSnapshot.QueueState(
                        "default", "Open", false, Map.of("nvidia.com/gpu", "32"), Map.of("nvidia.com/gpu", "16")),
                List.of(
                        new StartSnapshot.NodeLine("gpu-01", StartSnapshot.NodeLine.READY, "nvidia.com/gpu", 8, 0, 8),
                        new StartSnapshot.NodeLine("gpu-02", StartSnapshot.NodeLine.READY, "nvidia.com/gpu", 8, 0, 8),
                        new StartSnapshot.NodeLine(
                                "gpu-03", StartSnapshot.NodeLine.CORDONED, "nvidia.com/gpu", 8, 8, 0)),
                true,
                new StartSnapshot.JobsAheadLine(1, 8, List.of("team-b-sweep")),
                List.of());
    }

    private static StartSnapshotAction startSnapshotAction() {
        Run<?, ?> run = mock(Run.class);
        when(run.getNumber()).thenReturn(41);
        StepFixture.keepsActions(run, new ArrayList<>());
        BuildSnapshots.of(run, FakePlatform.spec(PlatformKind.AIHC, "resnet-7")).keep(resnetStarted());
        return run.getAction(StartSnapshotAction.class);
    }

    /** The snapshot reads back whole, and a later build of the job finds it as its baseline, as build #41. */
    private static void checkStartSnapshots(StartSnapshotAction a) {
        assertThat(a.getSnapshots()).containsOnlyKeys("resnet-7");
        StartSnapshot read = StartSnapshotJson.read(a.json("resnet-7").orElseThrow(), "the fixture");
        assertThat(read).isEqualTo(resnetStarted().withLabel("build #41"));

        Run<?, ?> fortyOne = mock(Run.class);
        when(fortyOne.getNumber()).thenReturn(41);
        when(fortyOne.getAction(StartSnapshotAction.class)).thenReturn(a);
        Run<?, ?> fortyTwo = mock(Run.class);
        doReturn(fortyOne).when(fortyTwo).getPreviousBuild();
        Baseline baseline = BuildSnapshots.of(fortyTwo, FakePlatform.spec(PlatformKind.AIHC, "resnet-7"))
                .baseline();
        assertThat(baseline.snapshot()).isEqualTo(read);
        assertThat(baseline.label()).isEqualTo("build #41");
    }

    private static void checkAttempts(io.jenkins.plugins.trainingjob.report.AttemptsAction a) {
        assertThat(a.getClientToken()).isEqualTo("nightly-42");
        assertThat(a.getTarget()).isEqualTo("queue=spot");
        assertThat(a.getAttempts())
                .extracting(ScheduleDiagnosisAction.AttemptRow::getTarget)
                .containsExactly("primary", "queue=spot");
        assertThat(a.getAttempts().get(0).getVerdict()).isEqualTo("FITS_LATER");
        assertThat(a.getAttempts().get(1).getJobId()).isEqualTo("job-2");
    }

    private static void checkPendingTime(PendingTimeAction a) {
        assertThat(a.getWaits()).hasSize(2);
        assertThat(a.getWaits().get(0).getOutcome()).isEqualTo("SCHEDULED");
        assertThat(a.getWaits().get(0).getPendingSeconds()).isEqualTo(90L);
        assertThat(a.getWaits().get(1).getOutcome()).isEqualTo("UNSCHEDULABLE");
        assertThat(a.getWaits().get(1).getVerdict()).isNotBlank();
        assertThat(a.getWaits().get(1).getDiagnosisUrl()).isEqualTo("job/p/1/training-job-job-1/");
        assertThat(a.getWaits().get(1).getPendingSeconds()).isNull();
    }

    private static TrainingJobConfiguration configuration() throws ReflectiveOperationException {
        TrainingJobConfiguration c = SavedForms.newWithoutConstructor(TrainingJobConfiguration.class);
        setField(c, "connections", new ArrayList<>(expectedConnections()));
        setField(c, "pollInterval", "45s");
        setField(c, "pendingTimeout", "15m");
        return c;
    }

    private static void setField(Object o, String name, Object value) throws ReflectiveOperationException {
        Field f = o.getClass().getDeclaredField(name);
        f.setAccessible(true);
        f.set(o, value);
    }

    private static List<Connection> expectedConnections() {
        AihcConnection aihc = new AihcConnection();
        aihc.setName("prod");
        aihc.setCredentialsId("aihc-ak");
        aihc.setRegion("bj");
        aihc.setResourcePool("pool-1");
        aihc.setQueue("default");
        aihc.setEndpoint("https://aihc.internal.example.test");
        SenseCoreConnection sc = new SenseCoreConnection();
        sc.setName("sensecore-sh");
        sc.setCredentialsId("sc-ak");
        sc.setRegion("cn-sh-01");
        sc.setSubscription("sub-1");
        sc.setResourceGroup("rg-1");
        sc.setZone("cn-sh-01z");
        sc.setWorkspace("ws-1");
        return List.of(aihc, sc);
    }

    /** The await step's inline settings (their own values: earlier releases' fixtures are checked against them). */
    private static AihcConnection inlineAihc() {
        AihcConnection c = new AihcConnection();
        c.setCredentialsId("team-ak");
        c.setRegion("bj");
        c.setResourcePool("pool-1");
        c.setQueue("default");
        return c;
    }

    private static TrainingJobBuilder builder() {
        TrainingJobBuilder b = new TrainingJobBuilder();
        b.setConnection("prod");
        b.setSpec("ci/job.yaml");
        b.setWait("completed");
        b.setPendingTimeout("15m");
        b.setFailOnUnschedulable(false);
        b.setCancelOnAbort(false);
        return b;
    }

    @Test
    @Order(1) // with -Dfixtures.write=true, this writes the fixtures the next test loads
    void theFormsThisReleaseWritesAreItsCheckedInFixtures() throws Exception {
        Map<String, byte[]> forms = writeAll();
        if (Boolean.getBoolean("fixtures.write")) {
            Path dir = sourceDir().resolve(release());
            Files.createDirectories(dir);
            for (Map.Entry<String, byte[]> e : forms.entrySet()) {
                Files.write(dir.resolve(e.getKey()), e.getValue());
            }
            System.out.println("Wrote " + forms.size() + " saved-state fixtures to " + dir);
            return;
        }
        Path dir = fixtureRoot().resolve(release());
        assertThat(dir).as("fixtures of release %s; %s", release(), REGENERATE).isDirectory();
        List<String> changed = new ArrayList<>();
        for (Map.Entry<String, byte[]> e : forms.entrySet()) {
            Path fixture = dir.resolve(e.getKey());
            if (!Files.exists(fixture)) {
                changed.add(e.getKey() + ": no fixture");
                continue;
            }
            byte[] saved = Files.readAllBytes(fixture);
            if (e.getKey().endsWith(".xml")) {
                List<String> now =
                        new String(e.getValue(), StandardCharsets.UTF_8).lines().toList();
                List<String> then =
                        new String(saved, StandardCharsets.UTF_8).lines().toList();
                if (!now.equals(then)) {
                    changed.add(e.getKey() + difference(now, then));
                }
            } else {
                // ids are random, so binary forms are compared by their shape: classes, serialVersionUIDs, fields
                // (the stream's own for Java serialization; River names its classes, their fields are today's)
                List<String> now =
                        read(e.getKey(), e.getValue(), mock(StepContext.class)).shape();
                List<String> then =
                        read(e.getKey(), saved, mock(StepContext.class)).shape();
                if (!now.equals(then)) {
                    changed.add(e.getKey() + difference(now, then));
                }
            }
        }
        assertThat(changed)
                .as("saved forms that differ from release %s's fixtures; %s", release(), REGENERATE)
                .isEmpty();
    }

    /** Lines only the new form has, and lines only the fixture has. */
    private static String difference(List<String> now, List<String> then) {
        List<String> added = now.stream().filter(l -> !then.contains(l)).toList();
        List<String> removed = then.stream().filter(l -> !now.contains(l)).toList();
        return ": written now but not in the fixture " + added + "; in the fixture but not written now " + removed
                + (added.isEmpty() && removed.isEmpty() ? " (same lines, other order)" : "");
    }

    // --- every release's fixtures load

    @TestFactory
    @Order(2)
    Stream<DynamicTest> everyReleasesFixturesLoadWithTheirValues() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        try (Stream<Path> releases = Files.list(fixtureRoot())) {
            for (Path release : releases.filter(Files::isDirectory).sorted().toList()) {
                try (Stream<Path> files = Files.list(release)) {
                    for (Path fixture : files.sorted().toList()) {
                        tests.add(DynamicTest.dynamicTest(
                                release.getFileName() + "/" + fixture.getFileName(), () -> loadAndCheck(fixture)));
                    }
                }
            }
        }
        assertThat(tests).as("fixtures under %s", fixtureRoot()).hasSizeGreaterThanOrEqualTo(9);
        return tests.stream();
    }

    private void loadAndCheck(Path fixture) throws Exception {
        String name = fixture.getFileName().toString();
        byte[] bytes = Files.readAllBytes(fixture);
        StepFixture f = new StepFixture(buildDir);
        SavedForms.Read read = read(name, bytes, f.context);
        Set<String> classes = ForbiddenContent.classes(read);

        List<String> forbidden = new ArrayList<>();
        ForbiddenContent.secretsIn(bytes, List.of(StepFixture.SECRET_KEY, "AK-aihc-ak", "AK-team-ak"))
                .forEach(secret -> forbidden.add("a secret: " + secret));
        ForbiddenContent.liveOrSecretTypes(classes).forEach(type -> forbidden.add("a live object: " + type));
        if (name.endsWith(".xml")) {
            ForbiddenContent.refusedByJep200(classes)
                    .forEach(type -> forbidden.add("a class JEP-200 refuses to read from XML: " + type));
        }
        assertThat(forbidden).as("%s holds what saved state never may", name).isEmpty();

        switch (name.replaceFirst("\\.(ser|river|xml)$", "")) {
            case "submit-execution-waiting" -> checkSubmit((SubmitTrainingJobExecution) read.value(), f);
            case "submit-execution-client-token" -> checkSubmitToken((SubmitTrainingJobExecution) read.value(), f);
            case "submit-execution-outcome-known" -> checkSubmitKnown((SubmitTrainingJobExecution) read.value(), f);
            case "submit-execution-second-attempt" ->
                checkSubmitSecondAttempt((SubmitTrainingJobExecution) read.value(), f);
            case "await-execution-waiting" -> checkAwait((AwaitScheduleDiagnosisExecution) read.value(), f);
            case "schedule-diagnosis-action" -> checkAction((ScheduleDiagnosisAction) read.value(), bytes);
            case "pending-time-action" -> checkPendingTime((PendingTimeAction) read.value());
            case "pending-time-action-waiting" -> checkPendingTimeWaiting((PendingTimeAction) read.value());
            case "attempts-action" ->
                checkAttempts((io.jenkins.plugins.trainingjob.report.AttemptsAction) read.value());
            case "start-snapshot-action" -> checkStartSnapshots((StartSnapshotAction) read.value());
            case "training-job-configuration" -> checkConfiguration((TrainingJobConfiguration) read.value());
            case "training-job-builder" -> checkBuilder((TrainingJobBuilder) read.value());
            default -> throw new AssertionError("no check for fixture " + name);
        }
    }

    /** The execution's values, and that it resumes the same watch after a restart. */
    private static void checkSubmit(SubmitTrainingJobExecution e, StepFixture f) throws Exception {
        JobRef job = new JobRef(PlatformKind.AIHC, "job-1", "resnet-7");
        assertThat(e.job()).isEqualTo(job);
        assertThat(e.connection.name()).isEqualTo("prod");
        assertThat(e.connection.inline()).isNull();
        assertThat(e.failOnUnschedulable).isTrue();
        assertThat(e.cancelOnAbort).isTrue();
        assertThat(e.clientToken()).matches(UUID);
        assertThat(field(e, "bindingId")).asString().matches(UUID);
        assertThat(field(e, "variables")).isEqualTo(Map.of("RUN", "7"));
        assertThat(field(e, "specText")).isEqualTo("name: resnet-${RUN}\n");
        assertThat(field(e, "specPath")).isNull();
        assertThat(field(e, "waitMode")).isEqualTo(WaitMode.SCHEDULED);
        assertThat(field(e, "pendingTimeout")).isEqualTo("15m");
        WatchState s = e.watchState();
        assertThat(s.phase()).isEqualTo(WatchState.Phase.WAITING);
        assertThat(s.connectionId()).isEqualTo("connection:prod");
        assertThat(s.job()).isEqualTo(job);
        assertThat(s.policy().until()).isEqualTo(WaitTarget.SCHEDULED);
        assertThat(s.startedAt()).isEqualTo(WATCH_STARTED);
        assertThat(s.pendingDeadline()).isEqualTo(WATCH_STARTED.plusSeconds(15 * 60));

        e.useService(f.service);
        e.onResume();
        assertThat(f.watcher.resumed).containsExactly(s);
        assertThat(f.log()).contains("Resuming the wait for Baidu AIHC job job-1");
        assertThat(f.platform.submittedTokens)
                .as("a resumed step never submits again")
                .isEmpty();
    }

    /** The user's token is kept as the job's identity, and the resumed step watches on without submitting. */
    private static void checkSubmitToken(SubmitTrainingJobExecution e, StepFixture f) throws Exception {
        assertThat(e.job()).isEqualTo(new JobRef(PlatformKind.AIHC, "job-1", "resnet-7"));
        assertThat(e.clientToken()).isEqualTo("nightly-42-train");
        assertThat(field(e, "givenToken")).isEqualTo("nightly-42-train");
        assertThat(field(e, "reuse")).isEqualTo("never");
        WatchState s = e.watchState();
        e.useService(f.service);
        e.onResume();
        assertThat(f.watcher.resumed).containsExactly(s);
        assertThat(f.platform.submittedTokens)
                .as("a resumed step never submits again")
                .isEmpty();
    }

    /** Resumed mid-fallback: attempt 1's record is kept, attempt 2's watch resumes, nothing is submitted. */
    @SuppressWarnings("unchecked")
    private static void checkSubmitSecondAttempt(SubmitTrainingJobExecution e, StepFixture f) throws Exception {
        assertThat(e.attempt()).isEqualTo(2);
        assertThat(e.job()).isEqualTo(new JobRef(PlatformKind.AIHC, "job-2", "resnet-7-a2"));
        WatchState s = e.watchState();
        assertThat(s.job()).isEqualTo(e.job());

        e.useService(f.service);
        e.onResume();
        assertThat(f.watcher.resumed).containsExactly(s);
        assertThat(f.platform.submittedTokens)
                .as("a resumed step never submits again")
                .isEmpty();
        assertThat(f.log()).contains("resuming attempt 2 (queue=spot): job job-2");

        f.watcher.last().outcome.complete(new Outcome.Scheduled(FakePlatform.status(e.job(), JobPhase.RUNNING)));
        ArgumentCaptor<Object> result = ArgumentCaptor.forClass(Object.class);
        verify(f.context).onSuccess(result.capture());
        List<Map<String, Object>> attempts =
                (List<Map<String, Object>>) ((Map<String, Object>) result.getValue()).get("attempts");
        assertThat(attempts)
                .extracting(a -> a.get("number") + ":" + a.get("outcome") + ":" + a.get("end"))
                .containsExactly("1:unschedulable:moved", "2:scheduled:final");
    }

    /** Resumed after the outcome was saved: the known result is delivered, nothing is watched or submitted. */
    @SuppressWarnings("unchecked")
    private static void checkSubmitKnown(SubmitTrainingJobExecution e, StepFixture f) throws Exception {
        assertThat(e.job()).isEqualTo(new JobRef(PlatformKind.AIHC, "job-1", "resnet-7"));
        assertThat(field(e, "known")).as("the saved outcome").isNotNull();

        e.useService(f.service);
        e.onResume();
        ArgumentCaptor<Object> result = ArgumentCaptor.forClass(Object.class);
        verify(f.context).onSuccess(result.capture());
        assertThat((Map<String, Object>) result.getValue())
                .containsEntry("jobId", "job-1")
                .containsEntry("name", "resnet-7")
                .containsEntry("phase", "RUNNING") // saved by earlier releases under status only
                .containsEntry("status", "RUNNING");
        assertThat(f.watcher.resumed).as("never watched again").isEmpty();
        assertThat(f.watcher.watches).isEmpty();
        assertThat(f.platform.submittedTokens).as("never submitted again").isEmpty();
    }

    private static void checkAwait(AwaitScheduleDiagnosisExecution e, StepFixture f) throws Exception {
        JobRef job = new JobRef(PlatformKind.AIHC, "job-77", null);
        assertThat(e.job()).isEqualTo(job);
        assertThat(e.connection.name()).isNull();
        assertThat(e.connection.inline()).isEqualTo(inlineAihc());
        assertThat(e.failOnUnschedulable).isTrue();
        assertThat(e.cancelOnAbort).isFalse();
        assertThat(field(e, "jobId")).isEqualTo("job-77");
        assertThat(field(e, "diagnosisId")).isNull();
        assertThat(field(e, "until")).isEqualTo(WaitMode.COMPLETED);
        assertThat(field(e, "pendingTimeout")).isEqualTo("20m");
        WatchState s = e.watchState();
        assertThat(s.phase()).isEqualTo(WatchState.Phase.WAITING);
        assertThat(s.connectionId()).isEqualTo("inline:" + field(e, "bindingId"));
        assertThat(s.policy().until()).isEqualTo(WaitTarget.COMPLETED);
        assertThat(s.pendingDeadline()).isEqualTo(WATCH_STARTED.plusSeconds(20 * 60));

        e.useService(f.service);
        e.onResume();
        assertThat(f.watcher.resumed).containsExactly(s);
        assertThat(f.connected).as("the inline settings bind again").hasSize(1);
    }

    /** What the build page shows is what the file says. */
    /**
     * The build page action. Since the action stores core's report whole ({@code reportJson}), the page is
     * built from it; actions saved before (the {@code 0.1.0-copied-rows} fixture, the form that held copied
     * rows) still show their rows.
     */
    private static void checkAction(ScheduleDiagnosisAction a, byte[] xml) {
        String text = new String(xml, StandardCharsets.UTF_8);
        assertThat(a.getPlatform()).isEqualTo("Baidu AIHC");
        assertThat(a.getJobId()).isEqualTo("job-1");
        assertThat(a.getJobName()).isEqualTo("resnet-7");
        assertThat(a.getDiagnosisId()).isEqualTo("diag-1");
        if (text.contains("<reportJson>")) {
            io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport saved =
                    io.jenkins.plugins.trainingjob.core.report.ReportJson.read(element(text, "reportJson"));
            assertThat(text).as("one report model: no copied rows").doesNotContain("<findings>");
            assertThat(a.getHeadline()).isNotBlank().isEqualTo(saved.headline());
            assertThat(a.getVerdict()).isEqualTo(saved.verdict().name());
            assertThat(a.getSummary()).isEqualTo(saved.summaryLines());
        } else {
            assertThat(a.getHeadline()).isNotBlank().isEqualTo(element(text, "headline"));
            assertThat(a.getVerdict()).isNotBlank().isEqualTo(element(text, "verdict"));
        }
        assertThat(a.getVerdictText()).isNotBlank();
        assertThat(a.getFindings()).isNotEmpty().allSatisfy(finding -> {
            assertThat(finding.getRule()).isNotBlank();
            assertThat(finding.getReason()).isNotBlank();
            assertThat(finding.getNodeCount()).isPositive();
        });
        assertThat(a.getSummary()).isNotEmpty();
        assertThat(a.getFiles()).containsOnlyKeys("html", "json", "junit");
        assertThat(a.getUrlName()).startsWith("training-job-");
        assertThat(a.getRun()).as("transient: set again by onLoad").isNull();
        Run<?, ?> run = mock(Run.class);
        a.onLoad(run);
        assertThat(a.getRun()).isSameAs(run);
    }

    private static void checkConfiguration(TrainingJobConfiguration c) {
        assertThat(c.getConnections()).isEqualTo(expectedConnections());
        assertThat(c.findConnection("sensecore-sh")).isPresent();
        assertThat(c.getPollInterval()).isEqualTo("45s");
        assertThat(c.getPendingTimeout()).isEqualTo("15m");
        assertThat(c.pollIntervalDuration()).hasSeconds(45);
    }

    private static void checkBuilder(TrainingJobBuilder b) {
        assertThat(b.getConnection()).isEqualTo("prod");
        assertThat(b.getPlatform()).isNull();
        assertThat(b.getSpec()).isEqualTo("ci/job.yaml");
        assertThat(b.getSpecText()).isNull();
        assertThat(b.getWait()).isEqualTo("completed");
        assertThat(b.getPendingTimeout()).isEqualTo("15m");
        assertThat(b.isFailOnUnschedulable()).isFalse();
        assertThat(b.isCancelOnAbort()).isFalse();
    }

    // --- reading

    private static SavedForms.Read read(String name, byte[] bytes, StepContext context) throws Exception {
        if (name.endsWith(".ser")) {
            return SavedForms.javaDeserialize(bytes, context);
        }
        if (name.endsWith(".river")) {
            return SavedForms.riverRead(bytes, context);
        }
        String xml = new String(bytes, StandardCharsets.UTF_8);
        // Jenkins loads a global configuration into its singleton (Descriptor.load), which only a controller
        // can construct; here XStream makes it as it makes every other saved object
        return SavedForms.fromXml(xml, null);
    }

    private static String element(String xml, String name) {
        Matcher m = Pattern.compile("<" + name + ">([^<]*)</" + name + ">").matcher(xml);
        assertThat(m.find()).as("<%s> in the fixture", name).isTrue();
        return m.group(1)
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&apos;", "'")
                .replace("&amp;", "&");
    }

    private static Object field(Object o, String name) throws ReflectiveOperationException {
        for (Class<?> c = o.getClass(); c != null; c = c.getSuperclass()) {
            try {
                Field f = c.getDeclaredField(name);
                f.setAccessible(true);
                return f.get(o);
            } catch (NoSuchFieldException e) {
                // the superclass then
            }
        }
        throw new NoSuchFieldException(o.getClass().getName() + "." + name);
    }

    // --- where fixtures live

    /** This release's name: the project version without -SNAPSHOT (set by plugin-offline's surefire). */
    private static String release() {
        String v = System.getProperty("fixtures.release");
        assertThat(v)
                .as("system property fixtures.release (plugin-offline/pom.xml)")
                .isNotBlank();
        return v.replace("-SNAPSHOT", "");
    }

    /** The fixtures as the test classpath has them (as just written, when writing). */
    private static Path fixtureRoot() throws URISyntaxException {
        if (Boolean.getBoolean("fixtures.write")) {
            return sourceDir();
        }
        return Path.of(SavedStateFixturesTest.class.getResource("/" + FIXTURES).toURI());
    }

    /** Where regenerated fixtures go: the module's source tree. */
    private static Path sourceDir() {
        return Path.of(System.getProperty("basedir", "."))
                .resolve("src/test/resources")
                .resolve(FIXTURES);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
