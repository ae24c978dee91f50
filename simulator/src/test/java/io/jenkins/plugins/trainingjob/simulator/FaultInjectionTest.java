package io.jenkins.plugins.trainingjob.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.RateLimitedException;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreClient;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import io.jenkins.plugins.trainingjob.simulator.http.FaultKind;
import io.jenkins.plugins.trainingjob.simulator.http.FaultRule;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Each kind of injected fault, as the core clients experience it. */
class FaultInjectionTest {
    private static final String JOB_PATH = "/api/v1/aijobs/*";

    private Simulator sim;
    /** The clients' time: the machine's at the start, moved only by their waits, which it records. */
    private final ManualClock clock = ManualClock.startingNow();

    @BeforeEach
    void start() {
        sim = Simulator.start(Scenario.bundled("tiny").withSpeed(0));
    }

    @AfterEach
    void stop() {
        sim.close();
    }

    private AihcClient aihc(int attempts, Duration readTimeout) {
        HttpSettings http = HttpSettings.defaults()
                .withRetries(attempts, Duration.ofMillis(10), Duration.ofMillis(10))
                .withTimeouts(Duration.ofSeconds(2), readTimeout, Duration.ofSeconds(10));
        ConnectionSettings settings = ConnectionSettings.aihc(
                        sim.baseUrl(), null, Credentials.of("sim-access-key", "sim-secret-key"), "cce-tiny", null)
                .withHttp(http);
        return AihcClient.builder(settings)
                .time(clock)
                .random(RandomGenerator.of("L64X128MixRandom"))
                .build();
    }

    private JobRef submitted(AihcClient client) {
        return client.submit(SimSpecs.aihc("victim", "default", 1, 1), "tok");
    }

    @Test
    void anErrorStatusIsATransientFailureAndARetryGetsThrough() {
        try (AihcClient client = aihc(1, Duration.ofSeconds(5));
                AihcClient retrying = aihc(3, Duration.ofSeconds(5))) {
            JobRef job = submitted(client);
            sim.addFault(FaultRule.of(FaultKind.ERROR, "GET", JOB_PATH)
                    .withStatus(503)
                    .withTimes(1));
            assertThatThrownBy(() -> client.status(job))
                    .isInstanceOf(TransientException.class)
                    .satisfies(e ->
                            assertThat(((TransientException) e).httpStatus()).isEqualTo(503));

            sim.addFault(FaultRule.of(FaultKind.ERROR, "GET", JOB_PATH)
                    .withStatus(500)
                    .withTimes(1));
            assertThat(retrying.status(job).job()).isEqualTo(job);
            assertThat(clock.sleeps()).hasSize(1);
        }
    }

    @Test
    void everyKthRequestFailsDeterministically() {
        try (AihcClient client = aihc(1, Duration.ofSeconds(5))) {
            JobRef job = submitted(client);
            sim.addFault(FaultRule.of(FaultKind.ERROR, "GET", JOB_PATH).withEvery(3));
            List<Boolean> failed = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                try {
                    client.status(job);
                    failed.add(false);
                } catch (TransientException e) {
                    failed.add(true);
                }
            }
            assertThat(failed).containsExactly(false, false, true, false, false, true);
        }
    }

    @Test
    void aRateLimitCarriesRetryAfter() {
        try (AihcClient client = aihc(1, Duration.ofSeconds(5))) {
            JobRef job = submitted(client);
            sim.addFault(FaultRule.of(FaultKind.RATE_LIMIT, "*", JOB_PATH).withRetryAfterSeconds(7));
            assertThatThrownBy(() -> client.status(job))
                    .isInstanceOf(RateLimitedException.class)
                    .satisfies(e ->
                            assertThat(((RateLimitedException) e).retryAfter()).isEqualTo(Duration.ofSeconds(7)));
        }
    }

    @Test
    void aDroppedConnectionIsATransientFailureWithoutStatus() {
        try (AihcClient client = aihc(1, Duration.ofSeconds(5))) {
            JobRef job = submitted(client);
            sim.addFault(FaultRule.of(FaultKind.DROP, "GET", JOB_PATH));
            assertThatThrownBy(() -> client.status(job))
                    .isInstanceOf(TransientException.class)
                    .satisfies(e ->
                            assertThat(((TransientException) e).httpStatus()).isZero());
        }
    }

    @Test
    void aTruncatedBodyIsATransientFailure() {
        try (AihcClient client = aihc(1, Duration.ofSeconds(5))) {
            JobRef job = submitted(client);
            sim.addFault(FaultRule.of(FaultKind.TRUNCATE, "GET", JOB_PATH));
            assertThatThrownBy(() -> client.status(job)).isInstanceOf(TransientException.class);
            sim.clearFaults();
            assertThat(client.status(job).job()).isEqualTo(job);
        }
    }

    @Test
    void addedLatencyBeyondTheReadTimeoutIsATimeout() {
        try (AihcClient client = aihc(1, Duration.ofMillis(200))) {
            JobRef job = submitted(client);
            sim.addFault(FaultRule.of(FaultKind.LATENCY, "GET", JOB_PATH).withLatencyMs(1_000));
            assertThatThrownBy(() -> client.status(job))
                    .isInstanceOf(TransientException.class)
                    .hasMessageContaining("timed out");
        }
    }

    @Test
    void faultsOnlyHitTheirRoute() {
        sim.addFault(FaultRule.of(FaultKind.DROP, "*", "/compute/*"));
        try (AihcClient client = aihc(1, Duration.ofSeconds(5))) {
            assertThat(client.listStatuses(null, 10).jobs()).isEmpty();
        }
        ConnectionSettings settings = ConnectionSettings.senseCore(
                        sim.baseUrl(),
                        null,
                        Credentials.of("sim-access-key", "sim-secret-key"),
                        "sim-sub",
                        "default",
                        "cn-sh-01z",
                        "sim-ws")
                .withHttp(HttpSettings.defaults().withRetries(1, Duration.ZERO, Duration.ZERO));
        try (SenseCoreClient sc = SenseCoreClient.builder(settings)
                .time(ManualClock.startingNow())
                .build()) {
            assertThatThrownBy(() -> sc.listStatuses(null, 10)).isInstanceOf(TransientException.class);
        }
    }

    @Test
    void faultsDeclaredInTheScenarioAreActiveFromTheStart() {
        String yaml = """
                name: faulty
                credentials: [{accessKey: ak, secretKey: sk}]
                nodes: [{name: n1, allocatable: {nvidia.com/gpu: 8}}]
                aihc: {resourcePools: [{id: cce-f, queues: [{name: default}]}]}
                faults:
                  - {method: GET, path: /api/v1/aijobs, kind: rate-limit, retryAfterSeconds: 3}
                """;
        try (Simulator faulty = Simulator.start(Scenario.parse(yaml, "inline"))) {
            ConnectionSettings settings = ConnectionSettings.aihc(
                            faulty.baseUrl(), null, Credentials.of("ak", "sk"), "cce-f", null)
                    .withHttp(HttpSettings.defaults().withRetries(1, Duration.ZERO, Duration.ZERO));
            try (AihcClient client = AihcClient.create(settings)) {
                assertThatThrownBy(() -> client.listStatuses(null, 10)).isInstanceOf(RateLimitedException.class);
                // Other routes are untouched; the queue lists no nodes, so it may use all of them.
                JobRef job = client.submit(SimSpecs.aihc("j", "default", 1, 8), "tok");
                assertThat(client.status(job).workers()).singleElement().satisfies(w -> assertThat(w.nodeName())
                        .isEqualTo("n1"));
            }
        }
    }
}
