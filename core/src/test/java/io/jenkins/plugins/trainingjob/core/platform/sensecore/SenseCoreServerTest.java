package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
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

    /** The clients' time: at the fixture's NOW until a client sleeps; its sleeps move it and are recorded. */
    protected final ManualClock clock = new ManualClock(SenseCoreFixture.NOW);

    /** The client built last, for tests that go on using it after {@code client().call(...)}. */
    protected SenseCoreClient client;

    private final List<SenseCoreClient> clients = new ArrayList<>();

    @AfterEach
    void closeClients() {
        clients.forEach(SenseCoreClient::close);
    }

    /** A client of the fixture's workspace with fast timeouts, on the manual clock (recorded waits). */
    SenseCoreClient client() {
        return client(SenseCoreFixture.FAST);
    }

    SenseCoreClient client(HttpSettings http) {
        return closedAfterTest(SenseCoreFixture.client(server, http, clock));
    }

    /** A client built some other way, closed after the test like the others. */
    SenseCoreClient closedAfterTest(SenseCoreClient client) {
        clients.add(client);
        this.client = client;
        return client;
    }
}
