package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import hudson.model.Item;
import hudson.model.Run;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** How the service binds and resolves configured connections. */
class TrainingJobServiceConnectionsTest {
    private final TrainingJobConfiguration config = mock(TrainingJobConfiguration.class);
    private final CredentialsLookup credentials = mock(CredentialsLookup.class);
    private final List<ConnectionSettings> connected = new ArrayList<>();
    private final Run<?, ?> run = mock(Run.class);
    private TrainingJobService service;

    @BeforeEach
    void setUp() {
        when(credentials.forItem(any(), any(), any())).thenAnswer(i -> Credentials.of("AK-" + i.getArgument(0), "sk"));
        when(credentials.forRun(any(), any(), any())).thenReturn(Credentials.of("AK", "sk"));
        service = new TrainingJobService(
                settings -> {
                    connected.add(settings);
                    return new FakePlatform(PlatformKind.AIHC).connectedWith(settings);
                },
                credentials,
                (text, source, vars) -> null,
                () -> config,
                (resolver, time) -> null,
                Runnable::run);
    }

    private void configure(AihcConnection c) {
        when(config.findConnection(c.getName())).thenReturn(Optional.of(c));
        when(config.getConnections()).thenReturn(List.of(c));
    }

    private static AihcConnection aihc(String name, String credentialsId) {
        AihcConnection c = new AihcConnection();
        c.setName(name);
        c.setCredentialsId(credentialsId);
        c.setRegion("bj");
        c.setResourcePool("pool-1");
        c.setQueue("default");
        return c;
    }

    @Test
    void aBuildThatUsesAConfiguredConnectionHasItsCredentialUseTracked() {
        configure(aihc("prod", "team-ak"));

        service.bind(ConnectionRef.of("prod", null), run, "b-1");

        verify(credentials).trackUse("team-ak", run, null);
        verify(credentials).forItem("team-ak", null, null);
    }

    @Test
    void aConfiguredConnectionWithoutCredentialsIdIsRefusedByNameBeforeAnyLookup() {
        configure(aihc("from-casc", null));

        assertThatThrownBy(() -> service.bind(ConnectionRef.of("from-casc", null), run, "b-1"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("from-casc")
                .hasMessageContaining("credentialsId is required");
        verify(credentials, never()).trackUse(any(), any(), any());
        verify(credentials, never()).forItem(any(), any(Item.class), any());
    }

    @Test
    void aChangedConnectionGivesTheNextResolveANewClientAndClosesTheOldOne() {
        configure(aihc("prod", "old-ak"));
        TrainingPlatform before = service.resolve("connection:prod");

        configure(aihc("prod", "new-ak"));
        TrainingPlatform after = service.resolve("connection:prod");

        assertThat(after).isNotSameAs(before);
        assertThat(((FakePlatform) before).closed).isEqualTo(1);
        assertThat(connected).extracting(s -> s.credentials().accessKey()).containsExactly("AK-old-ak", "AK-new-ak");
        assertThat(service.resolve("connection:prod"))
                .as("unchanged settings keep the client")
                .isSameAs(after);
    }

    /**
     * Review R5 / security review N4: a fallback target aims a configured connection, and its GLOBAL credential,
     * at another pool or queue only where the connection lists it, and is refused before the credential is
     * looked up; a configured connection without lists stays where its administrator put it.
     */
    @Test
    void aConfiguredConnectionIsRetargetedOnlyToThePoolsAndQueuesItLists() {
        AihcConnection teamA = aihc("team-a", "team-a-ak");
        configure(teamA);

        assertThatThrownBy(() -> service.bindRetargeted(ConnectionRef.of("team-a", null), run, "b-t2", null, "cce-b"))
                .isInstanceOf(InvalidInputException.class)
                .satisfies(e -> assertThat(((InvalidInputException) e).field()).isEqualTo("resourcePool"))
                .hasMessage("resourcePool: connection team-a does not let fallback targets move its jobs to resource"
                        + " pool 'cce-b': an administrator lists the pools allowed in the connection's"
                        + " fallbackResourcePools (or name a connection of that pool)");
        assertThatThrownBy(() -> service.bindRetargeted(ConnectionRef.of("team-a", null), run, "b-t2", "spot", null))
                .isInstanceOf(InvalidInputException.class)
                .satisfies(e -> assertThat(((InvalidInputException) e).field()).isEqualTo("queue"));
        verify(credentials, never()).forItem(any(), any(), any());
        assertThat(connected).isEmpty();

        teamA.setFallbackResourcePools("cce-b, cce-c");
        teamA.setFallbackQueues("spot");
        ConnectionBinding moved =
                service.bindRetargeted(ConnectionRef.of("team-a", null), run, "b-t3", "spot", "cce-c");
        ConnectionBinding own =
                service.bindRetargeted(ConnectionRef.of("team-a", null), run, "b-t4", "default", "pool-1");

        assertThat(connected).extracting(s -> s.toString()).hasSize(2);
        assertThat(((FakePlatform) moved.client()).settings().target().toString())
                .contains("cce-c", "spot");
        assertThat(((FakePlatform) own.client()).settings().target().toString()).contains("pool-1", "default");
        assertThatThrownBy(() -> service.bindRetargeted(ConnectionRef.of("team-a", null), run, "b-t5", null, "cce-d"))
                .as("listed means exactly these names")
                .isInstanceOf(InvalidInputException.class);
    }

    @Test
    void inlineSettingsAreTheJobAuthorsOwnAndMayBeRetargetedAnywhere() {
        AihcConnection inline = aihc(null, "team-ak");

        ConnectionBinding b = service.bindRetargeted(ConnectionRef.of(null, inline), run, "b-t2", "spot", "cce-b");

        assertThat(((FakePlatform) b.client()).settings().target().toString()).contains("cce-b", "spot");
    }

    /**
     * Security review 2, N5: inline settings allowed only by a wildcard get a name service that refuses
     * loopback, link-local and metadata addresses, so a name pointing at them reaches nothing; configured
     * connections (an administrator's) keep theirs.
     */
    @Test
    void inlineSettingsResolveNamesThroughTheAllowListsNameService() throws Exception {
        when(config.endpointAllowList())
                .thenReturn(io.jenkins.plugins.trainingjob.core.platform.EndpointAllowList.parse("*"));
        AihcConnection inline = aihc(null, "team-ak");
        inline.setRegion(null);
        inline.setEndpoint("https://rebinding.example.test");

        service.bind(ConnectionRef.of(null, inline), run, "b-1");

        ConnectionSettings bound = connected.get(0);
        assertThat(bound.http().clientBuilderHook()).isNotNull();
        okhttp3.Dns dns = bound.http()
                .clientBuilderHook()
                .apply(new okhttp3.OkHttpClient.Builder())
                .build()
                .dns();
        assertThatThrownBy(() -> dns.lookup("localhost"))
                .isInstanceOf(java.net.UnknownHostException.class)
                .hasMessageContaining("no wildcard of allowedEndpoints reaches");
    }
}
