package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import hudson.model.Run;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A proxy added, changed or removed in Manage Jenkins reaches configured connections and running watches
 * without a restart (review R9). okhttp-api chooses the proxy for every new connection, but OkHttp reuses an
 * open one, and a watch's polls keep it open: so the monitor's next {@code resolve} gets a new client (with a
 * new connection pool) once Jenkins' proxy configuration is another object, and the old client is closed.
 * Core replaces that object on every save of the proxy page and sets none when the proxy is removed.
 */
class TrainingJobServiceProxyTest {
    private final TrainingJobConfiguration config = mock(TrainingJobConfiguration.class);
    private final AtomicReference<Object> jenkinsProxy = new AtomicReference<>();
    private final AtomicInteger connects = new AtomicInteger();
    private TrainingJobService service;

    @BeforeEach
    void setUp() {
        CredentialsLookup credentials = mock(CredentialsLookup.class);
        when(credentials.forItem(any(), any(), any())).thenReturn(Credentials.of("AK", "sk"));
        when(credentials.forRun(any(), any(), any())).thenReturn(Credentials.of("AK", "sk"));
        AihcConnection prod = new AihcConnection();
        prod.setName("prod");
        prod.setCredentialsId("ak");
        prod.setRegion("bj");
        prod.setResourcePool("pool-1");
        when(config.findConnection("prod")).thenReturn(Optional.of(prod));
        when(config.getConnections()).thenReturn(List.of(prod));
        service = new TrainingJobService(
                settings -> {
                    connects.incrementAndGet();
                    return new FakePlatform(PlatformKind.AIHC).connectedWith(settings);
                },
                credentials,
                (text, source, vars) -> null,
                () -> config,
                (resolver, time) -> null,
                Runnable::run,
                Runnable::run,
                jenkinsProxy::get,
                TimeSource.system());
    }

    @Test
    void aConfiguredConnectionGetsANewClientOnceTheProxyIsAddedChangedOrRemoved() {
        TrainingPlatform direct = service.resolve("connection:prod");
        assertThat(service.resolve("connection:prod")).as("nothing changed").isSameAs(direct);

        jenkinsProxy.set(new Object()); // added
        TrainingPlatform viaProxy = service.resolve("connection:prod");
        jenkinsProxy.set(new Object()); // changed: saved again
        TrainingPlatform viaOtherProxy = service.resolve("connection:prod");
        jenkinsProxy.set(null); // removed
        TrainingPlatform directAgain = service.resolve("connection:prod");

        assertThat(List.of(direct, viaProxy, viaOtherProxy, directAgain)).doesNotHaveDuplicates();
        assertThat(List.of(direct, viaProxy, viaOtherProxy))
                .as("the old clients are closed, so their open connections go")
                .allSatisfy(c -> assertThat(((FakePlatform) c).closed).isEqualTo(1));
        assertThat(((FakePlatform) directAgain).closed).isZero();
        assertThat(connects).hasValue(4);
    }

    @Test
    void aRunningWatchOnInlineSettingsGetsANewClientOnceTheProxyChanges() {
        AihcConnection inline = new AihcConnection();
        inline.setCredentialsId("team-ak");
        inline.setRegion("bj");
        inline.setResourcePool("pool-1");
        ConnectionBinding binding = service.bind(ConnectionRef.of(null, inline), mock(Run.class), "b-1");
        assertThat(service.resolve(binding.key())).isSameAs(binding.client());

        jenkinsProxy.set(new Object());
        TrainingPlatform after = service.resolve(binding.key());

        assertThat(after).isNotSameAs(binding.client());
        assertThat(((FakePlatform) binding.client()).closed).isEqualTo(1);
        assertThat(service.resolve(binding.key())).isSameAs(after);
        service.release(binding.key());
        assertThat(((FakePlatform) after).closed).isEqualTo(1);
        assertThat(service.inlineConnections()).isZero();
    }
}
