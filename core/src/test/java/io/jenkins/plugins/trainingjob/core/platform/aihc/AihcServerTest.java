package io.jenkins.plugins.trainingjob.core.platform.aihc;

import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.AfterEach;

/**
 * What every AIHC client test against a MockWebServer shares: the server, a fixed clock, the waits the
 * client asked for (recorded instead of slept), and clients closed after each test.
 */
abstract class AihcServerTest {

    static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");

    @StartStop
    protected final MockWebServer server = new MockWebServer();

    /** The clients' time: at NOW until a client sleeps; its sleeps (retries, look-ups) move it and are recorded. */
    protected final ManualClock clock = new ManualClock(NOW);

    private final List<AihcClient> clients = new ArrayList<>();

    @AfterEach
    void closeClients() {
        clients.forEach(AihcClient::close);
    }

    /** A client of {@code pool} on the mock server. */
    AihcClient client(String pool, String queue, Credentials credentials, HttpSettings http) {
        return client(ConnectionSettings.aihc(URI.create(server.url("/").toString()), null, credentials, pool, queue)
                .withHttp(http));
    }

    /** A client of any connection (e.g. one through a proxy), on the manual clock (recorded waits). */
    AihcClient client(ConnectionSettings settings) {
        AihcClient client = AihcClient.builder(settings)
                .time(clock)
                .random(new SplittableRandom(3))
                .build();
        clients.add(client);
        return client;
    }
}
