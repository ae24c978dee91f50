package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import hudson.AbortException;
import hudson.model.Action;
import hudson.model.Run;
import io.jenkins.plugins.trainingjob.AihcConnection;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshotJson;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import io.jenkins.plugins.trainingjob.report.ScheduleDiagnosisAction;
import io.jenkins.plugins.trainingjob.report.StartSnapshotAction;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobState;
import io.jenkins.plugins.trainingjob.simulator.cluster.NodeChange;
import java.io.File;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.mockito.ArgumentCaptor;

/**
 * "Since it last started" in Jenkins, for the Pipeline step and the freestyle builder, against the
 * simulator's {@code nightly} world (its clock moves only when the test moves it; the monitor runs in real
 * time): build #41 of the nightly job starts and keeps its start snapshot on the build
 * ({@link StartSnapshotAction}); between the builds the administrator cordons two nodes, or cuts the queue's
 * capability, or another team fills the queue, or the spec doubles its GPUs; build #42 finds build #41 as its
 * baseline, and its report (build log, build page) names that change first. When nothing recorded changed,
 * it says so.
 */
class SinceLastStartStepsTest {

    private static final String SPEC = String.join(
            "\n",
            "platform: aihc",
            "name: nightly-train",
            "queue: train",
            "jobFramework: PyTorchJob",
            "requiredNodeAffinity: [\"zone=a\"]",
            "jobSpec:",
            "  image: registry.example.com/train:1",
            "  command: python train.py",
            "  replicas: ${PODS}",
            "  resources:",
            "    - name: nvidia.com/gpu",
            "      quantity: 8",
            "");

    /** How a build runs the job: the Pipeline step or the freestyle builder. */
    enum FrontEnd {
        PIPELINE,
        FREESTYLE
    }

    @TempDir
    File dir;

    private StepFixture first;
    private FastSimulatedAihc simulated;

    /**
     * The clients' clock, a poll round ahead at each build: the connection's one client keeps the pool's
     * inventory for a round (10 s), and the test's builds, minutes apart in the simulator's time, are a second
     * apart in the wall clock's.
     */
    private final AtomicReference<Duration> ahead = new AtomicReference<>(Duration.ZERO);

    @BeforeEach
    void start() throws Exception {
        first = new StepFixture(new File(dir, "service"));
        Clock clients = new Clock() {
            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return Instant.now().plus(ahead.get());
            }
        };
        simulated = new FastSimulatedAihc(
                first, Scenario.bundled("nightly").withSpeed(0), "cce-nightly", settings -> AihcClient.builder(settings)
                        .clock(clients)
                        .build());
    }

    @AfterEach
    void stop() throws Exception {
        simulated.close();
    }

    /** One build of the job: its record (actions kept), its number, the build before it, its log. */
    final class Build {
        final FrontEnd frontEnd;
        final StepFixture f;
        final FreestyleBuild freestyle;
        final Run<?, ?> run;
        final List<Action> actions = new CopyOnWriteArrayList<>();

        Build(FrontEnd frontEnd, int number, Build previous) throws Exception {
            this.frontEnd = frontEnd;
            ahead.updateAndGet(d -> d.plusSeconds(11));
            File buildDir = new File(dir, Integer.toString(number));
            if (frontEnd == FrontEnd.FREESTYLE) {
                freestyle = new FreestyleBuild(buildDir);
                f = freestyle.f;
                run = freestyle.build;
                StepFixture.keepsActions(run, actions);
            } else {
                freestyle = null;
                f = new StepFixture(buildDir);
                run = f.run;
            }
            when(run.getNumber()).thenReturn(number);
            when(run.getTimeInMillis()).thenReturn(System.currentTimeMillis());
            doReturn(previous == null ? null : previous.run).when(run).getPreviousBuild();
        }

        /** The build's actions: the step's fixture keeps them itself, the freestyle build in {@link #actions}. */
        List<Action> record() {
            return frontEnd == FrontEnd.FREESTYLE ? actions : f.actions;
        }

        /** Runs the job of {@code pods} pods; returns how it failed, or {@code null} when it succeeded. */
        Throwable runs(int pods, String pendingTimeout) throws Exception {
            if (frontEnd == FrontEnd.FREESTYLE) {
                TrainingJobBuilder b = new TrainingJobBuilder();
                b.setConnection("sim");
                b.setSpecText(SPEC.replace("${PODS}", Integer.toString(pods)));
                if (pendingTimeout != null) {
                    b.setPendingTimeout(pendingTimeout);
                }
                b.useService(simulated.service);
                try {
                    freestyle.perform(b);
                    return null;
                } catch (AbortException e) {
                    return e;
                }
            }
            SubmitTrainingJobStep step = new SubmitTrainingJobStep();
            step.setConnection("sim");
            step.setSpecText(SPEC);
            step.setVariables(List.of("PODS=" + pods));
            if (pendingTimeout != null) {
                step.setPendingTimeout(pendingTimeout);
            }
            SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
            e.useService(simulated.service);
            e.start();
            until("the step ended", () -> StepFixture.ended(f.context));
            if (org.mockito.Mockito.mockingDetails(f.context).getInvocations().stream()
                    .anyMatch(i -> i.getMethod().getName().equals("onSuccess"))) {
                return null;
            }
            ArgumentCaptor<Throwable> failure = ArgumentCaptor.forClass(Throwable.class);
            verify(f.context).onFailure(failure.capture());
            return failure.getValue();
        }

        /** The diagnosis on the build page. */
        ScheduleDiagnosisAction diagnosis() {
            return record().stream()
                    .filter(ScheduleDiagnosisAction.class::isInstance)
                    .map(ScheduleDiagnosisAction.class::cast)
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no diagnosis on the build page; log:\n" + f.log()));
        }

        /** The build log, one line per paragraph (the report folds at 100 columns). */
        String log() {
            return f.log().replaceAll("\\s+", " ");
        }
    }

    private static void until(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 60s: " + what);
            }
            Thread.sleep(20);
        }
    }

    /** Build #41: the job starts at once and keeps its snapshot on the build; then it runs to its end. */
    private Build buildFortyOne(FrontEnd frontEnd) throws Exception {
        Build b = new Build(frontEnd, 41, null);
        assertThat(b.runs(3, null)).as(b.f.log()).isNull();
        StartSnapshotAction kept = (StartSnapshotAction) b.record().stream()
                .filter(StartSnapshotAction.class::isInstance)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no start snapshot on build #41; log:\n" + b.f.log()));
        StartSnapshot snapshot =
                StartSnapshotJson.read(kept.json("nightly-train").orElseThrow(), "build #41's snapshot");
        assertThat(snapshot.label()).isEqualTo("build #41");
        assertThat(snapshot.moment()).isEqualTo(StartSnapshot.Moment.STARTED);
        simulated.sim.advanceClock(Duration.ofSeconds(601)); // the nightly job ends
        assertThat(simulated.sim.jobs()).allSatisfy(j -> assertThat(j.state()).isEqualTo(JobState.SUCCEEDED));
        return b;
    }

    /** Build #42 of {@code pods} pods after {@code previous}: pending past a 1s timeout, or refused. */
    private Build buildFortyTwo(FrontEnd frontEnd, Build previous, int pods) throws Exception {
        Build b = new Build(frontEnd, 42, previous);
        Throwable failure = b.runs(pods, "1s");
        assertThat(failure).as("build #42 fails: its job did not start").isInstanceOf(AbortException.class);
        assertThat(b.record()).noneMatch(StartSnapshotAction.class::isInstance);
        return b;
    }

    @ParameterizedTest
    @EnumSource(FrontEnd.class)
    void twoCordonedNodesAreNamedFirst(FrontEnd frontEnd) throws Exception {
        Build previous = buildFortyOne(frontEnd);
        simulated.sim.cordon("gpu-07");
        simulated.sim.cordon("gpu-08");

        Build b = buildFortyTwo(frontEnd, previous, 3);

        String headline = "Since build #41, gpu-[07-08] were cordoned: 16 of the 24 GPUs this job needs";
        assertThat(b.log()).contains("Since it last started (build #41, ").contains(headline);
        ScheduleDiagnosisAction page = b.diagnosis();
        assertThat(page.getSince().getTitle()).startsWith("Since it last started (build #41, ");
        assertThat(page.getSince().getHeadline()).isEqualTo(headline);
        assertThat(page.getSince().getChanges())
                .containsExactly("gpu-[07-08] were cordoned: 16 GPUs the job could use then");
    }

    @ParameterizedTest
    @EnumSource(FrontEnd.class)
    void aCutCapabilityIsNamedInPreflightsRefusal(FrontEnd frontEnd) throws Exception {
        Build previous = buildFortyOne(frontEnd);
        simulated.sim.setQueueCapability("cce-nightly", "train", Map.of("nvidia.com/gpu", "16"));

        Build b = buildFortyTwo(frontEnd, previous, 3);

        assertThat(b.log())
                .contains("Since build #41, queue train's capability of nvidia.com/gpu was cut from 32 to 16: the job "
                        + "needs 24");
        assertThat(simulated.sim.jobs()).as("refused before the create call").hasSize(1);
    }

    @ParameterizedTest
    @EnumSource(FrontEnd.class)
    void anotherTeamFillingTheQueueIsNamedFirst(FrontEnd frontEnd) throws Exception {
        Build previous = buildFortyOne(frontEnd);
        AihcConnection sim = (AihcConnection) first.config.findConnection("sim").orElseThrow();
        try (TrainingPlatform teamB = simulated.service.connector().connect(sim.toSettings(FastSimulatedAihc.KEYS))) {
            teamB.submit(JobSpecLoader.load(SPEC.replace("nightly-train", "team-b-1"), "b", Map.of("PODS", "1")), "b1");
            teamB.submit(JobSpecLoader.load(SPEC.replace("nightly-train", "team-b-2"), "b", Map.of("PODS", "1")), "b2");
            teamB.submit(JobSpecLoader.load(SPEC.replace("nightly-train", "team-b-3"), "b", Map.of("PODS", "2")), "b3");
        }

        Build b = buildFortyTwo(frontEnd, previous, 3);

        assertThat(b.diagnosis().getSince().getHeadline())
                .isEqualTo("Since build #41, other jobs hold 16 more GPUs on the queue's nodes: 16 of the 24 GPUs this "
                        + "job needs");
        assertThat(b.diagnosis().getSince().getChanges()).contains("jobs ahead: 0 → 1 (0 → 16 GPUs): team-b-3");
    }

    @ParameterizedTest
    @EnumSource(FrontEnd.class)
    void aDoubledSpecIsNamedInPreflightsRefusal(FrontEnd frontEnd) throws Exception {
        Build previous = buildFortyOne(frontEnd);

        Build b = buildFortyTwo(frontEnd, previous, 6);

        assertThat(b.log())
                .contains("Since build #41, the spec asks for 48 GPUs instead of 24 (pods 3 → 6)")
                .contains("- spec: pods 3 → 6 (24 → 48 GPUs in all)");
    }

    @ParameterizedTest
    @EnumSource(FrontEnd.class)
    void noRecordedChangeIsSaidAsSuch(FrontEnd frontEnd) throws Exception {
        Build previous = buildFortyOne(frontEnd);
        for (String node : List.of("gpu-06", "gpu-07", "gpu-08")) {
            simulated.sim.changeNode(node, new NodeChange(null, null, null, null, Map.of("zone", "b")));
        }

        Build b = buildFortyTwo(frontEnd, previous, 3);

        assertThat(b.diagnosis().getSince().getHeadline()).isEqualTo("No change found in what was recorded");
        assertThat(b.diagnosis().getSince().getNotes().get(0))
                .startsWith("By what was recorded, the job would fit now");
    }

    @Test
    void aBuildWhoseJobNeverStartedIsNoBaseline() throws Exception {
        Build started = buildFortyOne(FrontEnd.PIPELINE);
        simulated.sim.cordon("gpu-06");
        Build pending = buildFortyTwo(FrontEnd.PIPELINE, started, 3); // waits, keeps nothing
        assertThat(pending.diagnosis().getSince().getTitle()).startsWith("Since it last started (build #41, ");

        Build next = new Build(FrontEnd.PIPELINE, 43, pending);
        assertThatThrownBy(() -> {
                    Throwable t = next.runs(3, "1s");
                    if (t != null) {
                        throw t;
                    }
                })
                .isInstanceOf(AbortException.class);
        assertThat(next.diagnosis().getSince().getTitle())
                .as("build #42's job never started: #41 is the last start")
                .startsWith("Since it last started (build #41, ");
    }
}
