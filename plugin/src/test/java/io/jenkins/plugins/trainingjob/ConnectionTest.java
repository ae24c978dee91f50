package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.platform.ConnectionProblem;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettingsValidator;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreSignature;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.net.URI;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class ConnectionTest {
    private static final Credentials KEYS = Credentials.of("ak", "sk");

    @Test
    void anAihcConnectionBecomesCoreSettingsWithItsPoolAndQueue() {
        AihcConnection c = new AihcConnection();
        c.setCredentialsId("aihc-ak");
        c.setRegion(" bj ");
        c.setResourcePool("pool-1");
        c.setQueue("default");

        ConnectionSettings s = c.toSettings(KEYS);

        assertThat(s.platform()).isEqualTo(PlatformKind.AIHC);
        assertThat(s.region()).isEqualTo("bj");
        assertThat(s.aihc().resourcePoolId()).isEqualTo("pool-1");
        assertThat(s.aihc().queue()).isEqualTo("default");
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
        assertThat(s.senseCore().subscription()).isEqualTo("sub");
        assertThat(s.senseCore().resourceGroup()).isEqualTo("rg");
        assertThat(s.senseCore().zone()).isEqualTo("cn-sh-01z");
        assertThat(s.senseCore().workspace()).isEqualTo("ws");
    }

    @Test
    void missingFieldsAreNamedWithTheConnectionInCoresWords() {
        AihcConnection c = new AihcConnection();
        c.setName("prod");
        assertThatThrownBy(c::validate).hasMessageStartingWith("connection prod: credentialsId is required");
        c.setCredentialsId("ak");
        assertThatThrownBy(c::validate)
                .hasMessage("connection prod: "
                        + ConnectionSettingsValidator.aihc(null, null, null).stream()
                                .map(Object::toString)
                                .collect(Collectors.joining("; ")));
        c.setEndpoint("ftp://example.com");
        assertThatThrownBy(c::validate)
                .hasMessageStartingWith(
                        "connection prod: endpoint: 'ftp://example.com' is not an http(s) URL with a host");
        c.setEndpoint(null);
        c.setRegion("cn-beijing");
        assertThatThrownBy(c::validate)
                .hasMessageStartingWith("connection prod: region: 'cn-beijing' is not a known Baidu AIHC region")
                .hasMessageContaining("did you mean 'bj'");
        c.setRegion("bj");
        assertThatThrownBy(c::validate)
                .hasMessage(
                        "connection prod: resourcePool: required for Baidu AIHC (the resource pool id, e.g. cce-xxxxxxxx)");
        c.setResourcePool("aihc-serverless");
        assertThatThrownBy(c::validate)
                .hasMessageStartingWith("connection prod: queue: required for resource pool aihc-serverless");

        SenseCoreConnection s = new SenseCoreConnection();
        s.setCredentialsId("ak");
        s.setRegion("cn-sh-01");
        s.setSubscription("sub");
        s.setZone("cn-sh-01z");
        assertThatThrownBy(s::validate)
                .hasMessage("connection sensecore: resourceGroup: required for SenseCore ACP; "
                        + "workspace: required for SenseCore ACP");
    }

    @Test
    void aConnectionsProblemsAreCoresRulesForItsFields() {
        SenseCoreConnection s = new SenseCoreConnection();
        s.setEndpoint("http://127.0.0.1:8080");
        s.setSubscription("sub");
        s.setResourceGroup("rg");
        s.setWorkspace("ws");
        assertThat(s.problems())
                .isEqualTo(
                        ConnectionSettingsValidator.senseCore("http://127.0.0.1:8080", null, "sub", "rg", null, "ws"));
        s.setZone("cn-sh-01z");
        assertThat(s.problems()).isEmpty();
    }

    /** Security review S2: request-bound unless date-only is written; a typo is a problem, not a fallback. */
    @Test
    void aSenseCoreConnectionSignsTheRequestUnlessDateOnlyIsAskedFor() {
        SenseCoreConnection s = new SenseCoreConnection();
        s.setCredentialsId("keys");
        s.setRegion("cn-sh-01");
        s.setSubscription("sub");
        s.setResourceGroup("rg");
        s.setZone("cn-sh-01z");
        s.setWorkspace("ws");
        Credentials keys = Credentials.of("ak", "sk");

        assertThat(s.toSettings(keys).senseCoreSignature())
                .as("not chosen: request-bound, with the client's one date-only fallback")
                .isNull();
        s.setSignature("request");
        assertThat(s.toSettings(keys).senseCoreSignature()).isEqualTo(SenseCoreSignature.REQUEST);
        s.setSignature("date-only");
        assertThat(s.toSettings(keys).senseCoreSignature()).isEqualTo(SenseCoreSignature.DATE_ONLY);
        s.setSignature("dateonly");
        assertThat(s.problems())
                .extracting(ConnectionProblem::toString)
                .containsExactly("signature: 'dateonly' is not one of request, date-only");
    }

    @Test
    void aStepNamesExactlyOneConnection() {
        assertThatThrownBy(() -> ConnectionRef.of(null, null)).hasMessageStartingWith("connection: set connection");
        AihcConnection inline = new AihcConnection();
        assertThatThrownBy(() -> ConnectionRef.of("prod", inline))
                .hasMessage("connection: set either connection or platform, not both");
        assertThat(ConnectionRef.of(" prod ", null).name()).isEqualTo("prod");
    }
}
