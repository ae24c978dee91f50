package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.FAST;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.StatusPage;
import java.util.ArrayList;
import java.util.List;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;

/**
 * A SenseCore gateway that accepts only the date-only signature (the one confirmed live): the default
 * request-bound signature is refused with 401, and the client must still work.
 */
class SenseCoreSignatureFallbackTest {

    @StartStop
    final MockWebServer server = new MockWebServer();

    final List<String> schemes = new ArrayList<>();

    /** Answers 401 UNAUTHENTICATED unless the request is signed with the one scheme it accepts. */
    void gatewayAccepting(String headers) {
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                String auth = request.getHeaders().get("Authorization");
                String used = auth == null ? "" : auth.replaceAll(".*headers=\"([^\"]*)\".*", "$1");
                schemes.add(used);
                if (!used.equals(headers)) {
                    return json(
                            401,
                            "{\"code\":16,\"message\":\"Unauthenticated: the signature does not match\","
                                    + "\"details\":[{\"reason\":\"SignatureDoesNotMatch\"}]}");
                }
                return json(200, "{\"training_jobs\":[],\"next_page_token\":\"\"}");
            }
        });
    }

    @Test
    void aGatewayThatRefusesTheRequestBoundSignatureIsAskedAgainWithTheDateOnlyOne() {
        gatewayAccepting("x-date");
        try (SenseCoreClient client = SenseCoreClient.builder(SenseCoreFixture.settings(server, FAST))
                .sleeper(d -> {})
                .build()) {
            StatusPage page = client.listStatuses(null, 10);
            assertThat(page.jobs()).isEmpty();
            client.listStatuses(null, 10);
        }
        assertThat(schemes).containsExactly("date host @request-target", "x-date", "x-date");
    }
}
