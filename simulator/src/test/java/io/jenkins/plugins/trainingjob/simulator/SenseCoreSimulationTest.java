package io.jenkins.plugins.trainingjob.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.QuotaExceededException;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreClient;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreHmacSigner.Scheme;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The SenseCore side of the simulator, driven only through {@link SenseCoreClient}, on the bundled
 * {@code seed-taint-and-gpu} scenario (workspace sim-ws, 16 GPUs reserved in pool sim-pool, 12 GPUs free
 * on its nodes) with a frozen clock.
 */
class SenseCoreSimulationTest {
    private static final String POOL = "sim-pool";

    private Simulator sim;
    private SenseCoreClient client;

    @BeforeEach
    void start() {
        sim = Simulator.start(Scenario.bundled("seed-taint-and-gpu").withSpeed(0));
        client = client("sim-secret-key", Scheme.DATE_HOST_TARGET);
    }

    @AfterEach
    void stop() {
        client.close();
        sim.close();
    }

    private SenseCoreClient client(String secret, Scheme scheme) {
        ConnectionSettings settings = ConnectionSettings.senseCore(
                sim.baseUrl(),
                null,
                Credentials.of("sim-access-key", secret),
                "sim-sub",
                "default",
                "cn-sh-01z",
                "sim-ws");
        return SenseCoreClient.builder(settings)
                .scheme(scheme)
                .time(ManualClock.startingNow())
                .createLookups(1, Duration.ZERO)
                .build();
    }

    @Test
    void aOneGpuJobRunsAndSucceeds() {
        JobRef job =
                client.submit(SimSpecs.senseCore("small", POOL, "N6lS.Iu.I80.1", 1, "SIM_RUN_SECONDS", "20"), "tok-1");
        JobStatus running = client.status(job);
        assertThat(running.rawState()).isEqualTo("RUNNING");
        assertThat(running.workers()).singleElement().satisfies(w -> {
            assertThat(w.name()).isEqualTo("small-worker-0");
            assertThat(w.nodeName()).isEqualTo("sc-node-01");
        });

        sim.advanceClock(Duration.ofSeconds(20));

        assertThat(client.status(job).rawState()).isEqualTo("SUCCEEDED");
    }

    @Test
    void aJobTooBigForTheFreeNodesStaysQueueingWithUnplacedWorkers() {
        JobRef job = client.submit(SimSpecs.senseCore("wide", POOL, "N6lS.Iu.I80.8", 2), "tok-2");
        sim.advanceClock(Duration.ofMinutes(10));

        JobStatus status = client.status(job);
        assertThat(status.rawState()).isEqualTo("QUEUEING");
        assertThat(status.phase()).isEqualTo(JobPhase.PENDING);
        assertThat(status.workers()).hasSize(2).noneMatch(WorkerStatus::isPlaced);
        List<JobEvent> events = client.events(job);
        assertThat(events).singleElement().satisfies(e -> {
            assertThat(e.reason()).isEqualTo("FailedScheduling");
            // The first worker would take sc-node-01; the second then lacks GPUs everywhere and CPUs there.
            assertThat(e.message())
                    .isEqualTo("0/2 nodes are available: 1 Insufficient cpu, 2 Insufficient nvidia.com/gpu.");
        });
    }

    @Test
    void theEvidenceOfAQueueingJobCarriesSpecsBindingsAndCompetingJobs() {
        // Waiting jobs hold no quota, so the 1-GPU job is admitted next to the waiting 16-GPU one.
        JobRef job = client.submit(SimSpecs.senseCore("wide", POOL, "N6lS.Iu.I80.8", 2), "tok-2");
        JobRef running = client.submit(SimSpecs.senseCore("holder", POOL, "N6lS.Iu.I80.1", 1), "tok-h");
        SenseCoreEvidence e = (SenseCoreEvidence) client.fetchDiagnosis(client.launchDiagnosis(job));

        assertThat(e.request().totalReplicas()).isEqualTo(2);
        assertThat(e.specs())
                .extracting(SenseCoreEvidence.ResourceSpec::name)
                .contains("N6lS.Iu.I80.8", "N6lS.Iu.I80.1");
        assertThat(e.specs())
                .filteredOn(s -> s.name().equals("N6lS.Iu.I80.8"))
                .singleElement()
                .satisfies(s -> assertThat(s.deviceNumber()).isEqualTo(8));
        assertThat(e.bindings()).singleElement().satisfies(b -> {
            assertThat(b.name()).isEqualTo(POOL);
            assertThat(b.reservedDevices()).isEqualTo(16);
            assertThat(b.spotDevices()).isEqualTo(8);
        });
        assertThat(e.otherJobs()).extracting(SenseCoreEvidence.OtherJob::name).contains(running.id());
        assertThat(e.eventsAvailable()).isTrue();
    }

    @Test
    void aJobOverTheReservedQuotaIsRefusedWithMemberQuotaExceeded() {
        assertThatThrownBy(() -> client.submit(SimSpecs.senseCore("huge", POOL, "N6lS.Iu.I80.8", 3), "tok-3"))
                .isInstanceOf(QuotaExceededException.class)
                .satisfies(e -> assertThat(((QuotaExceededException) e).code()).isEqualTo("MEMBER_QUOTA_EXCEEDED"))
                .satisfies(e ->
                        assertThat(((QuotaExceededException) e).httpStatus()).isEqualTo(429));
        assertThat(client.findSubmitted(SimSpecs.senseCore("huge", POOL, "N6lS.Iu.I80.8", 3), "tok-3"))
                .isEmpty();
    }

    @Test
    void runningJobsCountAgainstTheQuotaAndStoppingThemReleasesIt() {
        JobRef first = client.submit(SimSpecs.senseCore("first", POOL, "N6lS.Iu.I80.8", 1), "tok-a");
        JobRef second = client.submit(SimSpecs.senseCore("second", POOL, "N6lS.Iu.I80.1", 4), "tok-b");
        assertThat(client.status(first).rawState()).isEqualTo("RUNNING");
        assertThat(client.status(second).rawState()).isEqualTo("RUNNING");
        assertThatThrownBy(() -> client.submit(SimSpecs.senseCore("third", POOL, "N6lS.Iu.I80.8", 1), "tok-c"))
                .isInstanceOf(QuotaExceededException.class);

        client.cancel(first);
        assertThat(client.status(first).rawState()).isEqualTo("SUSPENDING");
        assertThat(client.status(first).phase()).isEqualTo(JobPhase.STOPPED);
        sim.advanceClock(Duration.ofSeconds(5));
        assertThat(client.status(first).rawState()).isEqualTo("SUSPENDED");

        JobRef third = client.submit(SimSpecs.senseCore("third", POOL, "N6lS.Iu.I80.8", 1), "tok-c");
        assertThat(client.status(third).rawState()).isEqualTo("RUNNING");
    }

    @Test
    void aDuplicateNameIsRefused() {
        client.submit(SimSpecs.senseCore("dup", POOL, "N6lS.Iu.I80.1", 1), "tok-d");
        assertThatThrownBy(() -> client.submit(SimSpecs.senseCore("dup", POOL, "N6lS.Iu.I80.1", 1), "tok-e"))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("already exists");
    }

    @Test
    void anEmptyStartupScriptIsRefusedWithTheDocumentedReason() {
        JobSpec spec = SimSpecs.edited(
                SimSpecs.senseCore("noscript", POOL, "N6lS.Iu.I80.1", 1),
                body -> ((com.fasterxml.jackson.databind.node.ObjectNode)
                                body.get("roles").get(0))
                        .put("startup_script", ""));
        assertThatThrownBy(() -> client.submit(spec, "tok-f"))
                .isInstanceOf(InvalidRequestException.class)
                .satisfies(e -> assertThat(((InvalidRequestException) e).code()).isEqualTo("tjRequiredStartupScript"));
    }

    @Test
    void listsPageByPageNumber() {
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            created.add(
                    0,
                    client.submit(SimSpecs.senseCore("job-" + i, POOL, "N6lS.Iu.I80.1", 1), "t" + i)
                            .id());
        }
        List<List<String>> pages = ListedPages.of(client, 2);
        assertThat(pages).hasSize(3);
        assertThat(pages.stream().flatMap(List::stream).toList()).containsExactlyElementsOf(created);
    }

    @Test
    void deletedJobsAreGone() {
        JobRef job = client.submit(SimSpecs.senseCore("gone", POOL, "N6lS.Iu.I80.1", 1), "tok-g");
        client.delete(job);
        assertThat(client.findSubmitted(SimSpecs.senseCore("gone", POOL, "N6lS.Iu.I80.1", 1), "tok-g"))
                .isEmpty();
        assertThat(sim.freeCapacity().get("sc-node-01").get("nvidia.com/gpu")).isEqualTo(8);
    }

    @Test
    void bothSignatureSchemesAreAcceptedAndAWrongSecretIsNot() {
        try (SenseCoreClient dateOnly = client("sim-secret-key", Scheme.X_DATE)) {
            assertThat(dateOnly.listStatuses(null, 10).jobs()).isEmpty();
        }
        try (SenseCoreClient wrong = client("wrong-secret", Scheme.DATE_HOST_TARGET)) {
            assertThatThrownBy(() -> wrong.listStatuses(null, 10))
                    .isInstanceOf(AuthenticationException.class)
                    .hasMessageContaining("signature does not match");
        }
    }
}
