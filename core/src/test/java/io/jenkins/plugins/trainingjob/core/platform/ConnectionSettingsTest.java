package io.jenkins.plugins.trainingjob.core.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ConnectionSettingsTest {

    private static final Credentials CREDS = Credentials.of("ak-1", "sk-very-secret", "sts-token-secret");

    @Test
    void endpointIsDerivedFromTheRegion() {
        assertThat(ConnectionSettings.aihc(null, "bj", CREDS, "cce-1", "default")
                        .resolvedEndpoint())
                .isEqualTo(URI.create("https://aihc.bj.baidubce.com"));
        assertThat(ConnectionSettings.senseCore(null, "cn-sh-01", CREDS, "sub", "rg", "cn-sh-01z", "ws")
                        .resolvedEndpoint())
                .isEqualTo(URI.create("https://aec2.cn-sh-01.sensecoreapi.cn"));
    }

    @Test
    void aFallbackTargetMovesOnlyTheQueueOrThePool() {
        ConnectionSettings home = ConnectionSettings.aihc(null, "bj", CREDS, "cce-1", "q-1")
                .withHttp(HttpSettings.defaults().withRetries(2, Duration.ofMillis(1), Duration.ofMillis(1)));

        ConnectionSettings otherQueue = home.withQueue("q-2");
        ConnectionSettings otherPool = home.withResourcePool("cce-2");

        assertThat(otherQueue.target()).isEqualTo(new AihcTarget("cce-1", "q-2"));
        assertThat(otherPool.target()).isEqualTo(new AihcTarget("cce-2", "q-1"));
        assertThat(otherQueue.withTarget(home.target())).isEqualTo(home);
    }

    @Test
    void aSenseCoreConnectionRefusesAFallbackQueueOrPoolNamingTheField() {
        ConnectionSettings senseCore =
                ConnectionSettings.senseCore(null, "cn-sh-01", CREDS, "sub", "rg", "cn-sh-01z", "ws");

        assertThatThrownBy(() -> senseCore.withQueue("q-2"))
                .isInstanceOf(InvalidConnectionException.class)
                .hasMessageContaining("queue: a SenseCore ACP connection has no queue");
        assertThatThrownBy(() -> senseCore.withResourcePool("cce-2"))
                .isInstanceOf(InvalidConnectionException.class)
                .hasMessageContaining("resourcePool: a SenseCore ACP connection has no resourcePool");
    }

    @Test
    void eachTargetChecksItsOwnFields() {
        assertThat(new AihcTarget("aihc-serverless", null).problems())
                .extracting(ConnectionProblem::field)
                .containsExactly("queue");
        assertThat(new AihcTarget(" ", "q").problems())
                .extracting(ConnectionProblem::field)
                .containsExactly("resourcePool");
        assertThat(new SenseCoreTarget("sub", "", "cn-sh-01z", null).problems())
                .extracting(ConnectionProblem::field)
                .containsExactly("resourceGroup", "workspace");
        assertThat(ConnectionSettings.senseCore(null, "cn-sh-01", CREDS, "sub", "rg", null, "ws")
                        .problems())
                .extracting(ConnectionProblem::field)
                .containsExactly("zone");
    }

    @Test
    void theTargetOfTheOtherPlatformIsACallersBug() {
        ConnectionSettings aihc = ConnectionSettings.aihc(null, "bj", CREDS, "cce-1", null);

        assertThat(aihc.platform()).isEqualTo(PlatformKind.AIHC);
        assertThat(aihc.aihc().resourcePoolId()).isEqualTo("cce-1");
        assertThatThrownBy(aihc::senseCore)
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("not a SenseCore connection: aihc");
    }

    @Test
    void anExplicitEndpointWins() {
        URI local = URI.create("http://127.0.0.1:8080");
        assertThat(ConnectionSettings.aihc(local, "bj", CREDS, "cce-1", null).resolvedEndpoint())
                .isEqualTo(local);
    }

    @Test
    void neitherEndpointNorRegionIsRefusedWithTheRule() {
        assertThatThrownBy(() -> ConnectionSettings.aihc(null, " ", CREDS, "cce-1", null))
                .isInstanceOf(InvalidConnectionException.class)
                .hasMessage("region: set either a region or an endpoint URL");
    }

    @Test
    void secretsNeverAppearInToString() {
        String text = ConnectionSettings.aihc(null, "bj", CREDS, "cce-1", null).toString();
        assertThat(text).contains("ak-1").doesNotContain("sk-very-secret").doesNotContain("sts-token-secret");
    }

    @Test
    void platformIdsParseCaseInsensitively() {
        assertThat(PlatformKind.fromId(" SenseCore ")).isEqualTo(PlatformKind.SENSECORE);
        assertThatThrownBy(() -> PlatformKind.fromId("pai"))
                .hasMessage("unknown platform 'pai': expected aihc or sensecore");
    }
}
