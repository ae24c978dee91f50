package io.jenkins.plugins.trainingjob.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis.Detail;
import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis.Rule;
import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisNotReadyException;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisPreCheckException;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcDiagnosisParser;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import io.jenkins.plugins.trainingjob.simulator.cluster.NodeChange;
import io.jenkins.plugins.trainingjob.simulator.cluster.Resources;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The AIHC side of the simulator, driven only through {@link AihcClient}, on the bundled
 * {@code seed-taint-and-gpu} scenario with a frozen clock (time moves only when the test advances it).
 */
class AihcSimulationTest {
    private static final String POOL = "cce-sim00001";
    private static final String DOCUMENTED_JOB = "sulingang-diagnose-node-taint";

    private Simulator sim;
    private AihcClient client;

    @BeforeEach
    void start() {
        sim = Simulator.start(Scenario.bundled("seed-taint-and-gpu").withSpeed(0));
        client = client("sim-access-key", "sim-secret-key");
    }

    @AfterEach
    void stop() {
        client.close();
        sim.close();
    }

    private AihcClient client(String ak, String sk) {
        return SimClients.aihc(sim, Credentials.of(ak, sk), POOL, null);
    }

    @Test
    void aSmallJobRunsOnHealthyNodesAndSucceedsAfterItsRunTime() {
        JobRef job = client.submit(SimSpecs.aihc("small", "training", 2, 1, "SIM_RUN_SECONDS", "30"), "tok-small");

        JobStatus running = client.status(job);
        assertThat(running.phase()).isEqualTo(JobPhase.RUNNING);
        assertThat(running.rawState()).isEqualTo("Running");
        assertThat(running.workers())
                .extracting(WorkerStatus::name)
                .containsExactly("small-master-0", "small-worker-0");
        assertThat(running.workers()).allSatisfy(w -> assertThat(w.nodeName()).startsWith("gpu-node-"));

        sim.advanceClock(Duration.ofSeconds(29));
        assertThat(client.status(job).phase()).isEqualTo(JobPhase.RUNNING);
        sim.advanceClock(Duration.ofSeconds(1));
        JobStatus done = client.status(job);
        assertThat(done.phase()).isEqualTo(JobPhase.SUCCEEDED);
        assertThat(done.rawState()).isEqualTo("Succeeded");
        assertThat(done.finishedAt()).isEqualTo(done.startedAt().plusSeconds(30));
    }

    @Test
    void aJobWithANonZeroExitCodeFails() {
        JobRef job = client.submit(
                SimSpecs.aihc("crash", "training", 1, 1, "SIM_RUN_SECONDS", "5", "SIM_EXIT_CODE", "3"), "tok-crash");
        sim.advanceClock(Duration.ofSeconds(5));
        assertThat(client.status(job).phase()).isEqualTo(JobPhase.FAILED);
    }

    /** A flaky run: the next job of a name fails once; the same spec's next job runs as its spec asks. */
    @Test
    void aRunMadeToFailEndsWithThatExitCodeOnceAndTheNextJobOfTheSpecSucceeds() {
        sim.failNextRun("flaky", 1);
        JobRef first = client.submit(SimSpecs.aihc("flaky", "training", 1, 1, "SIM_RUN_SECONDS", "5"), "tok-f1");
        sim.advanceClock(Duration.ofSeconds(5));
        assertThat(client.status(first).phase()).isEqualTo(JobPhase.FAILED);
        assertThat(sim.deleteJob(first.id())).isTrue();

        JobRef again = client.submit(SimSpecs.aihc("flaky", "training", 1, 1, "SIM_RUN_SECONDS", "5"), "tok-f2");
        sim.advanceClock(Duration.ofSeconds(5));
        assertThat(client.status(again).phase()).isEqualTo(JobPhase.SUCCEEDED);
    }

    @Test
    void theDocumentedJobStaysQueuedWithAKubeSchedulerStyleEvent() {
        JobRef job = client.submit(SimSpecs.aihc(DOCUMENTED_JOB, "default", 1, 8), "tok-doc");
        sim.advanceClock(Duration.ofHours(1));

        JobStatus status = client.status(job);
        assertThat(status.phase()).isEqualTo(JobPhase.PENDING);
        assertThat(status.rawState()).isEqualTo("Created");
        assertThat(status.queuePosition()).isEqualTo(1);
        assertThat(status.workers()).singleElement().satisfies(w -> {
            assertThat(w.name()).isEqualTo(DOCUMENTED_JOB + "-master-0");
            assertThat(w.isPlaced()).isFalse();
        });
        List<JobEvent> events = client.events(job);
        assertThat(events).singleElement().satisfies(e -> {
            assertThat(e.reason()).isEqualTo("FailedScheduling");
            assertThat(e.type()).isEqualTo("Warning");
            // kube-scheduler sorts the histogram entries as strings.
            assertThat(e.message())
                    .isEqualTo(
                            "0/7 nodes are available: 1 node(s) were unschedulable, "
                                    + "2 Insufficient nvidia.com/gpu, 4 node(s) had untolerated taint {kwok.x-k8s.io/node: fake}.");
            // sent in the documented "2024-07-15 16:52:50 +0000 UTC" form, read back to the instant
            assertThat(e.firstSeen()).isEqualTo(status.createdAt());
            assertThat(e.lastSeen()).isEqualTo(status.createdAt().plus(Duration.ofHours(1)));
        });
    }

    @Test
    void theDocumentedDiagnosisIsReproducedFieldByField() throws IOException {
        JobRef job = client.submit(SimSpecs.aihc(DOCUMENTED_JOB, "default", 1, 8), "tok-doc");

        sim.advanceClock(Duration.ofSeconds(299));
        assertThatThrownBy(() -> client.launchDiagnosis(job))
                .isInstanceOf(DiagnosisPreCheckException.class)
                .hasMessageContaining("queueing for 299s");
        sim.advanceClock(Duration.ofSeconds(1));
        DiagnosisHandle handle = client.launchDiagnosis(job);
        assertThatThrownBy(() -> client.fetchDiagnosis(handle)).isInstanceOf(DiagnosisNotReadyException.class);
        sim.advanceClock(Duration.ofSeconds(10));
        AihcScheduleDiagnosis actual = (AihcScheduleDiagnosis) client.fetchDiagnosis(handle);

        AihcScheduleDiagnosis documented;
        try (InputStream in = getClass().getResourceAsStream("aihc-schedule-diagnosis-query.json")) {
            documented =
                    AihcDiagnosisParser.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), job, handle.id());
        }
        assertThat(normalised(actual.rules())).isEqualTo(normalised(documented.rules()));
        assertThat(actual.rules())
                .extracting(Rule::ruleName)
                .containsExactlyInAnyOrder(
                        "NodeAvailabilityDiagnostics", "NodeTaintToleranceDiagnostics", "GPUResourceDiagnostics");
    }

    /** Rules and their details in a fixed order: the comparison is field by field, order aside. */
    private static List<Rule> normalised(List<Rule> rules) {
        List<Rule> out = new ArrayList<>();
        for (Rule r : rules) {
            List<Detail> details = new ArrayList<>(r.details());
            details.sort(Comparator.comparing(Detail::pod)
                    .thenComparing(Detail::node)
                    .thenComparing(Detail::resourceName));
            out.add(new Rule(r.ruleName(), r.ruleType(), details));
        }
        out.sort(Comparator.comparing(Rule::ruleName));
        return out;
    }

    @Test
    void anEightGpuPerPodJobNamesEveryPodAndNodeWithItsFirstFailingFilter() {
        JobRef job = client.submit(SimSpecs.aihc("big", "default", 2, 8), "tok-big");
        sim.advanceClock(Duration.ofMinutes(5));
        DiagnosisHandle handle = client.launchDiagnosis(job);
        sim.advanceClock(Duration.ofSeconds(10));
        AihcScheduleDiagnosis d = (AihcScheduleDiagnosis) client.fetchDiagnosis(handle);

        Map<String, Rule> byName = new java.util.TreeMap<>();
        d.rules().forEach(r -> byName.put(r.ruleName(), r));
        assertThat(byName.keySet())
                .containsExactly(
                        "GPUResourceDiagnostics", "NodeAvailabilityDiagnostics", "NodeTaintToleranceDiagnostics");
        Set<String> pods = new TreeSet<>();
        d.rules().forEach(r -> r.details().forEach(x -> pods.add(x.pod())));
        assertThat(pods).containsExactly("big-master-0", "big-worker-0");
        assertThat(byName.get("NodeAvailabilityDiagnostics").details())
                .extracting(Detail::node)
                .containsOnly("10.3.0.118");
        assertThat(byName.get("NodeTaintToleranceDiagnostics").details())
                .extracting(Detail::node)
                .containsOnly("fake-node-a800-01", "fake-node-a800-02", "fake-node-a800-03", "fake-node-a800-04");
        assertThat(byName.get("GPUResourceDiagnostics").details()).allSatisfy(x -> {
            assertThat(x.node()).isIn("10.3.0.122", "10.3.0.123");
            assertThat(x.request()).isEqualTo("8");
            assertThat(x.allocatable()).isEqualTo("0");
            assertThat(x.resourceName()).isEqualTo("nvidia.com/gpu");
        });
        assertThat(byName.get("GPUResourceDiagnostics").details()).hasSize(4);
    }

    @Test
    void aJobThatFitsTheNodesButNotTheQueueCapabilityGetsTheQueueRule() {
        JobRef job = client.submit(SimSpecs.aihc("too-wide", "training", 4, 8), "tok-wide");
        sim.advanceClock(Duration.ofMinutes(5));
        DiagnosisHandle handle = client.launchDiagnosis(job);
        sim.advanceClock(Duration.ofSeconds(10));
        AihcScheduleDiagnosis d = (AihcScheduleDiagnosis) client.fetchDiagnosis(handle);

        assertThat(d.rules()).singleElement().satisfies(r -> {
            assertThat(r.ruleName()).isEqualTo("QueueCapabilityDiagnostics");
            assertThat(r.details()).singleElement().satisfies(x -> {
                assertThat(x.queue()).isEqualTo("training");
                assertThat(x.request()).isEqualTo("32");
                assertThat(x.allocatable()).isEqualTo("24");
                assertThat(x.resourceName()).isEqualTo("nvidia.com/gpu");
            });
        });
    }

    @Test
    void aDiagnosisOfARunningJobIsRefusedByThePreCheck() {
        JobRef job = client.submit(SimSpecs.aihc("runs", "training", 1, 1), "tok-runs");
        sim.advanceClock(Duration.ofMinutes(6));
        assertThatThrownBy(() -> client.launchDiagnosis(job))
                .isInstanceOf(DiagnosisPreCheckException.class)
                .hasMessageContaining("only queueing jobs");
    }

    @Test
    void uncordoningANodeLetsTheQueuedJobStartThere() {
        JobRef job = client.submit(SimSpecs.aihc(DOCUMENTED_JOB, "default", 1, 8), "tok-doc");
        assertThat(client.status(job).phase()).isEqualTo(JobPhase.PENDING);

        sim.uncordon("10.3.0.118");

        JobStatus status = client.status(job);
        assertThat(status.phase()).isEqualTo(JobPhase.RUNNING);
        assertThat(status.workers()).extracting(WorkerStatus::nodeName).containsExactly("10.3.0.118");
    }

    @Test
    void freeingGpusOnANodeLetsTheQueuedJobStartThere() {
        JobRef job = client.submit(SimSpecs.aihc(DOCUMENTED_JOB, "default", 1, 8), "tok-doc");

        sim.changeNode("10.3.0.123", new NodeChange(null, null, null, Resources.NONE, null));

        assertThat(client.status(job).workers())
                .extracting(WorkerStatus::nodeName)
                .containsExactly("10.3.0.123");
    }

    @Test
    void stoppingAJobFreesItsNodesForTheNextOne() {
        JobRef first = client.submit(SimSpecs.aihc("first", "training", 3, 8), "tok-first");
        JobRef second = client.submit(SimSpecs.aihc("second", "training", 2, 8), "tok-second");
        assertThat(client.status(first).phase()).isEqualTo(JobPhase.RUNNING);
        assertThat(client.status(second).phase()).isEqualTo(JobPhase.PENDING);

        client.cancel(first);

        JobStatus stopped = client.status(first);
        assertThat(stopped.phase()).isEqualTo(JobPhase.STOPPED);
        assertThat(stopped.rawState()).isEqualTo("ManualTermination");
        assertThat(client.status(second).phase()).isEqualTo(JobPhase.RUNNING);
        client.cancel(first); // idempotent
        client.cancel(second);
        assertThat(sim.freeCapacity().get("gpu-node-01").get("nvidia.com/gpu")).isEqualTo(8);
    }

    @Test
    void higherPriorityJobsAreScheduledFirst() {
        JobRef blocker = client.submit(SimSpecs.aihc("blocker", "training", 3, 8), "tok-blocker");
        JobRef normal = client.submit(SimSpecs.aihc("normal", "training", 1, 8), "tok-normal");
        JobSpec urgentSpec =
                SimSpecs.edited(SimSpecs.aihc("urgent", "training", 1, 8), body -> body.put("priority", "high"));
        JobRef urgent = client.submit(urgentSpec, "tok-urgent");
        assertThat(client.status(urgent).queuePosition()).isEqualTo(1);
        assertThat(client.status(normal).queuePosition()).isEqualTo(2);

        client.cancel(blocker);

        assertThat(client.status(urgent).phase()).isEqualTo(JobPhase.RUNNING);
        assertThat(client.status(normal).phase()).isEqualTo(JobPhase.RUNNING);
    }

    @Test
    void listsPageNewestFirstWithoutLosingJobs() {
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            created.add(
                    0,
                    client.submit(SimSpecs.aihc("job-" + i, "training", 1, 1), "tok-" + i)
                            .id());
        }
        List<List<String>> pages = ListedPages.of(client, 2);
        assertThat(pages).hasSize(3);
        assertThat(pages.stream().flatMap(List::stream).toList()).containsExactlyElementsOf(created);
    }

    @Test
    void findSubmittedFindsTheJobByItsClientToken() {
        JobSpec spec = SimSpecs.aihc("tokened", "training", 1, 1);
        JobRef job = client.submit(spec, "tok-abc");
        assertThat(client.findSubmitted(spec, "tok-abc")).contains(job);
        assertThat(client.findSubmitted(spec, "tok-other")).isEmpty();
    }

    @Test
    void aWrongSecretIsRefusedAsAnAuthenticationFailure() {
        try (AihcClient wrong = client("sim-access-key", "not-the-secret")) {
            assertThatThrownBy(() -> wrong.listStatuses(null, 10))
                    .isInstanceOf(AuthenticationException.class)
                    .hasMessageContaining("SignatureDoesNotMatch");
        }
        try (AihcClient unknown = client("someone-else", "sim-secret-key")) {
            assertThatThrownBy(() -> unknown.listStatuses(null, 10))
                    .isInstanceOf(AuthenticationException.class)
                    .hasMessageContaining("InvalidAccessKeyId");
        }
    }

    @Test
    void aSignatureFromAClockMoreThanThirtyMinutesOffIsExpired() {
        ConnectionSettings settings = ConnectionSettings.aihc(
                sim.baseUrl(), null, Credentials.of("sim-access-key", "sim-secret-key"), POOL, null);
        ManualClock skewed = new ManualClock(Instant.now().minus(Duration.ofMinutes(31)));
        try (AihcClient late = AihcClient.builder(settings)
                .time(skewed)
                .random(RandomGenerator.of("L64X128MixRandom"))
                .build()) {
            assertThatThrownBy(() -> late.listStatuses(null, 10))
                    .isInstanceOf(AuthenticationException.class)
                    .hasMessageContaining("RequestExpired");
        }
    }
}
