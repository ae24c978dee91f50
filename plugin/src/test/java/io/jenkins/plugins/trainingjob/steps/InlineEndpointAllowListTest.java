package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.sun.net.httpserver.HttpServer;
import hudson.AbortException;
import io.jenkins.plugins.trainingjob.AihcConnection;
import io.jenkins.plugins.trainingjob.core.platform.EndpointAllowList;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * Security review S1: inline settings are a job author's, and steps call from the controller, so a custom
 * endpoint must be on the administrator's {@code allowedEndpoints}. Core's real client and monitor; a
 * loopback server that counts what reaches it shows that a refused step sends nothing at all.
 */
class InlineEndpointAllowListTest extends SimulatedAihcStepTest {
    private HttpServer listener;
    private final AtomicInteger requests = new AtomicInteger();

    @BeforeEach
    void startAListener() throws Exception {
        listener = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        listener.createContext("/", exchange -> {
            requests.incrementAndGet();
            exchange.sendResponseHeaders(500, -1);
            exchange.close();
        });
        listener.start();
    }

    @AfterEach
    void stopTheListener() {
        listener.stop(0);
    }

    private SubmitTrainingJobExecution submitInline(String endpoint) throws Exception {
        AihcConnection inline = new AihcConnection();
        inline.setCredentialsId("team-ak");
        inline.setEndpoint(endpoint);
        inline.setResourcePool("cce-sim00001");
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setPlatform(inline);
        step.setSpecText(pytorchJob("training", 1));
        step.setVariables(List.of("RUN=7"));
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(service);
        e.start();
        return e;
    }

    private Throwable failure() {
        clock.runUntil("the step ended", () -> StepFixture.ended(f.context));
        ArgumentCaptor<Throwable> failure = ArgumentCaptor.forClass(Throwable.class);
        verify(f.context).onFailure(failure.capture());
        return failure.getValue();
    }

    @Test
    void anInlineStepAtALoopbackAddressFailsBeforeAnyRequestNamingTheGlobalSetting() throws Exception {
        String endpoint = "http://127.0.0.1:" + listener.getAddress().getPort();

        submitInline(endpoint);

        assertThat(failure())
                .isInstanceOf(AbortException.class)
                .hasMessageStartingWith("endpoint: '" + endpoint + "' may not be called from inline settings")
                .hasMessageContaining("Allowed endpoints for inline connections (allowedEndpoints)");
        assertThat(requests).as("requests that reached the address").hasValue(0);
        assertThat(service.inlineConnections()).isZero();
    }

    @Test
    void anInlineStepAtAHostThatIsNotListedFailsTheSameWay() throws Exception {
        when(f.config.endpointAllowList()).thenReturn(EndpointAllowList.parse("aihc-gw.corp.example"));

        submitInline("https://10.0.0.5:8500/v1/kv/x");

        assertThat(failure())
                .isInstanceOf(AbortException.class)
                .hasMessageContaining("10.0.0.5 is not listed")
                .hasMessageContaining("allowedEndpoints");
    }

    @Test
    void aWildcardDoesNotOpenLoopback() throws Exception {
        when(f.config.endpointAllowList()).thenReturn(EndpointAllowList.parse("*\nhttp://*"));

        submitInline("http://127.0.0.1:" + listener.getAddress().getPort());

        assertThat(failure()).isInstanceOf(AbortException.class).hasMessageContaining("listed exactly");
        assertThat(requests).hasValue(0);
    }

    @Test
    void anEndpointTheAdministratorListedIsCalled() throws Exception {
        when(f.config.endpointAllowList()).thenReturn(EndpointAllowList.parse("http://127.0.0.1:" + sim.port()));

        submitInline(sim.baseUrl().toString());

        clock.runUntil("the step ended", () -> StepFixture.ended(f.context));
        verify(f.context).onSuccess(org.mockito.ArgumentMatchers.any());
        assertThat(sim.jobs()).singleElement().satisfies(j -> assertThat(j.name())
                .isEqualTo("ci-7"));
    }

    @Test
    void plainHttpBeyondLoopbackIsCalledOnlyWhenListedAsHttpAndThenWarnedAboutInTheBuildLog() throws Exception {
        AihcConnection inline = StepFixture.aihc(null);
        inline.setRegion(null);
        inline.setEndpoint("http://aihc-gw.corp.example");
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setPlatform(inline);
        step.setSpecText("name: resnet");
        step.setWait("none");
        when(f.config.endpointAllowList()).thenReturn(EndpointAllowList.parse("http://aihc-gw.corp.example"));
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(f.service);
        e.start();

        assertThat(f.connected).singleElement().satisfies(s -> assertThat(s.insecureHttp())
                .isTrue());
        assertThat(f.log()).contains("WARNING: 'http://aihc-gw.corp.example' is plain http");
    }
}
