package io.jenkins.plugins.trainingjob.core.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.net.URI;
import org.junit.jupiter.api.Test;

class ConnectionSettingsTest {

    private static final Credentials CREDS = Credentials.of("ak-1", "sk-very-secret", "sts-token-secret");

    @Test
    void endpointIsDerivedFromTheRegion() {
        assertThat(ConnectionSettings.aihc(null, "bj", CREDS, "cce-1", "default").resolvedEndpoint())
                .isEqualTo(URI.create("https://aihc.bj.baidubce.com"));
        assertThat(ConnectionSettings.senseCore(null, "cn-sh-01", CREDS, "sub", "rg", "cn-sh-01z", "ws")
                .resolvedEndpoint()).isEqualTo(URI.create("https://aec2.cn-sh-01.sensecoreapi.cn"));
    }

    @Test
    void anExplicitEndpointWins() {
        URI local = URI.create("http://127.0.0.1:8080");
        assertThat(ConnectionSettings.aihc(local, "bj", CREDS, "cce-1", null).resolvedEndpoint()).isEqualTo(local);
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
