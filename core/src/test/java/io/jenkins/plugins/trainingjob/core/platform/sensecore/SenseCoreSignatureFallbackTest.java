package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.FAST;
import static io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreSignature;
import io.jenkins.plugins.trainingjob.core.platform.StatusPage;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreHmacSigner.Scheme;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;

/**
 * The default request-bound signature against gateways that accept one scheme only (sensecore-api.md
 * §8.3-8.4: date-only is the one confirmed live). Without a setting, a 401 to the request-bound signature
 * is answered once with date-only, which the connection keeps if it is accepted, saying so once; an
 * explicit setting never falls back.
 */
class SenseCoreSignatureFallbackTest {

    @StartStop
    final MockWebServer server = new MockWebServer();

    final List<String> schemes = new CopyOnWriteArrayList<>();
    final List<String> notices = new CopyOnWriteArrayList<>();

    /** Answers 401 UNAUTHENTICATED (or {@code refusal}) unless the request is signed with the one scheme it accepts. */
    void gatewayAccepting(String headers, int refusal) {
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                String auth = request.getHeaders().get("Authorization");
                String used = auth == null ? "" : auth.replaceAll(".*headers=\"([^\"]*)\".*", "$1");
                schemes.add(used);
                if (!used.equals(headers)) {
                    return json(
                            refusal,
                            "{\"code\":16,\"message\":\"Unauthenticated: the signature does not match\","
                                    + "\"details\":[{\"reason\":\"SignatureDoesNotMatch\"}]}");
                }
                return json(200, "{\"training_jobs\":[],\"next_page_token\":\"\"}");
            }
        });
    }

    SenseCoreClient client(ConnectionSettings settings) {
        SenseCoreClient client =
                SenseCoreClient.builder(settings).time(new ManualClock()).build();
        client.onNotice(notices::add);
        return client;
    }

    ConnectionSettings settings(SenseCoreSignature chosen) {
        return SenseCoreFixture.settings(server, FAST).withSenseCoreSignature(chosen);
    }

    @Test
    void aGatewayThatRefusesTheRequestBoundSignatureIsAskedAgainWithTheDateOnlyOne() {
        gatewayAccepting("x-date", 401);
        try (SenseCoreClient client = client(settings(null))) {
            StatusPage page = client.listStatuses(null, 10);
            assertThat(page.jobs()).isEmpty();
            client.listStatuses(null, 10);
            assertThat(client.scheme()).isEqualTo(Scheme.X_DATE);
            assertThat(client.notices()).isEqualTo(notices);
        }
        assertThat(schemes).containsExactly("date host @request-target", "x-date", "x-date");
        assertThat(notices)
                .containsExactly("the gateway at " + server.getHostName() + ":" + server.getPort() + " refused the"
                        + " request-bound signature and accepted the date-only one; set `signature: date-only`"
                        + " (trainjob: --sensecore-signature date-only) to skip the first try; date-only headers can"
                        + " be replayed while their date is accepted");
    }

    @Test
    void aGatewayThatTakesTheRequestBoundSignatureKeepsItAndNothingIsSaid() {
        gatewayAccepting("date host @request-target", 401);
        try (SenseCoreClient client = client(settings(null))) {
            client.listStatuses(null, 10);
            client.listStatuses(null, 10);
            assertThat(client.scheme()).isEqualTo(Scheme.DATE_HOST_TARGET);
        }
        assertThat(schemes).containsExactly("date host @request-target", "date host @request-target");
        assertThat(notices).isEmpty();
    }

    @Test
    void anExplicitRequestSettingNeverFallsBack() {
        gatewayAccepting("x-date", 401);
        try (SenseCoreClient client = client(settings(SenseCoreSignature.REQUEST))) {
            assertThatThrownBy(() -> client.listStatuses(null, 10))
                    .isInstanceOfSatisfying(AuthenticationException.class, e -> assertThat(e.httpStatus())
                            .isEqualTo(401));
        }
        assertThat(schemes).containsOnly("date host @request-target");
        assertThat(notices).isEmpty();
    }

    @Test
    void anExplicitDateOnlySettingSignsDateOnlyFromTheFirstCall() {
        gatewayAccepting("date host @request-target", 401);
        try (SenseCoreClient client = client(settings(SenseCoreSignature.DATE_ONLY))) {
            assertThatThrownBy(() -> client.listStatuses(null, 10)).isInstanceOf(AuthenticationException.class);
        }
        assertThat(schemes).containsOnly("x-date");
        assertThat(notices).isEmpty();
    }

    @Test
    void aKeyRefusedBothWaysKeepsTheRequestBoundSignatureAndReportsTheFirstRefusal() {
        gatewayAccepting("none", 401);
        try (SenseCoreClient client = client(settings(null))) {
            assertThatThrownBy(() -> client.listStatuses(null, 10))
                    .isInstanceOf(AuthenticationException.class)
                    .hasMessageContaining("HTTP 401");
            assertThat(client.scheme()).isEqualTo(Scheme.DATE_HOST_TARGET);
        }
        assertThat(schemes).containsExactly("date host @request-target", "x-date");
        assertThat(notices).isEmpty();
    }

    @Test
    void aForbiddenResourceIsNotASignatureProblem() {
        gatewayAccepting("x-date", 403);
        try (SenseCoreClient client = client(settings(null))) {
            assertThatThrownBy(() -> client.listStatuses(null, 10))
                    .isInstanceOfSatisfying(AuthenticationException.class, e -> assertThat(e.httpStatus())
                            .isEqualTo(403));
        }
        assertThat(schemes).containsExactly("date host @request-target");
    }
}
