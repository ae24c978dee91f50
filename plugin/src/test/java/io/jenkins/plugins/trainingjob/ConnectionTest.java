package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.PlatformKind;
import java.net.URI;
import org.junit.jupiter.api.Test;

class ConnectionTest {
    private static final Credentials KEYS = Credentials.of("ak", "sk");

    @Test
    void anAihcConnectionBecomesCoreSettingsWithItsPoolAndQueue() {
        AihcConnection c = new AihcConnection();
        c.setCredentialsId("aihc-ak");
        c.setRegion(" cn-beijing ");
        c.setResourcePool("pool-1");
        c.setQueue("default");

        ConnectionSettings s = c.toSettings(KEYS);

        assertThat(s.platform()).isEqualTo(PlatformKind.AIHC);
        assertThat(s.region()).isEqualTo("cn-beijing");
        assertThat(s.resourcePoolId()).isEqualTo("pool-1");
        assertThat(s.queue()).isEqualTo("default");
        assertThat(s.credentials()).isSameAs(KEYS);
    }

    @Test
    void aSenseCoreConnectionCarriesItsWorkspaceScopeAndAnExplicitEndpoint() {
        SenseCoreConnection c = new SenseCoreConnection();
        c.setCredentialsId("sc-ak");
        c.setEndpoint("http://127.0.0.1:8080");
        c.setSubscription("sub");
        c.setResourceGroup("rg");
        c.setZone("cn-sh-01z");
        c.setWorkspace("ws");

        ConnectionSettings s = c.toSettings(KEYS);

        assertThat(s.endpoint()).isEqualTo(URI.create("http://127.0.0.1:8080"));
        assertThat(s.subscription()).isEqualTo("sub");
        assertThat(s.resourceGroup()).isEqualTo("rg");
        assertThat(s.zone()).isEqualTo("cn-sh-01z");
        assertThat(s.workspace()).isEqualTo("ws");
    }

    @Test
    void missingFieldsAreNamedWithTheConnection() {
        AihcConnection c = new AihcConnection();
        c.setName("prod");
        assertThatThrownBy(c::validate).hasMessageStartingWith("connection prod: credentialsId is required");
        c.setCredentialsId("ak");
        assertThatThrownBy(c::validate).hasMessage("connection prod: set either region or endpoint");
        c.setEndpoint("ftp://example.com");
        assertThatThrownBy(c::validate).hasMessage("endpoint: 'ftp://example.com' is not an http(s) URL with a host");
        c.setEndpoint(null);
        c.setRegion("cn-beijing");
        assertThatThrownBy(c::validate).hasMessage("connection prod: resourcePool is required");

        SenseCoreConnection s = new SenseCoreConnection();
        s.setCredentialsId("ak");
        s.setRegion("cn-sh-01");
        s.setSubscription("sub");
        assertThatThrownBy(s::validate).hasMessage("connection sensecore: resourceGroup is required");
    }

    @Test
    void aStepNamesExactlyOneConnection() {
        assertThatThrownBy(() -> ConnectionRef.of(null, null)).hasMessageStartingWith("connection: set connection");
        AihcConnection inline = new AihcConnection();
        assertThatThrownBy(() -> ConnectionRef.of("prod", inline)).hasMessage(
                "connection: set either connection or platform, not both");
        assertThat(ConnectionRef.of(" prod ", null).name()).isEqualTo("prod");
    }
}
