package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.AfterEach;

/**
 * What every SenseCore client test against a MockWebServer shares: the server, the waits the client
 * asked for (recorded instead of slept), and clients closed after each test, however many it built.
 */
abstract class SenseCoreServerTest {

    @StartStop
    protected final MockWebServer server = new MockWebServer();

    protected final List<Duration> waits = new ArrayList<>();

    /** The client built last, for tests that go on using it after {@code client().call(...)}. */
    protected SenseCoreClient client;

    private final List<SenseCoreClient> clients = new ArrayList<>();

    @AfterEach
    void closeClients() {
        clients.forEach(SenseCoreClient::close);
    }

    /** A client of the fixture's workspace with fast timeouts, a fixed clock and recorded waits. */
    SenseCoreClient client() {
        return client(SenseCoreFixture.FAST);
    }

    SenseCoreClient client(HttpSettings http) {
        return closedAfterTest(SenseCoreFixture.client(server, http, waits));
    }

    /** A client built some other way, closed after the test like the others. */
    SenseCoreClient closedAfterTest(SenseCoreClient client) {
        clients.add(client);
        this.client = client;
        return client;
    }
}
