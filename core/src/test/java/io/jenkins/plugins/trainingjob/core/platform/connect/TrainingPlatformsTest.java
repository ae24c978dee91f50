package io.jenkins.plugins.trainingjob.core.platform.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreClient;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.net.URI;
import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TrainingPlatformsTest {

    private static final Credentials CREDS = Credentials.of("ak", "sk");
    private static final URI LOCAL = URI.create("http://127.0.0.1:9");

    @Test
    void eachPlatformGetsItsOwnClientBuiltFromTheSettings() {
        ConnectionSettings aihc = ConnectionSettings.aihc(LOCAL, null, CREDS, "cce-1", "default");
        ConnectionSettings sc = ConnectionSettings.senseCore(LOCAL, null, CREDS, "sub", "rg", "cn-sh-01z", "ws");
        try (TrainingPlatform a = TrainingPlatforms.connect(aihc);
                TrainingPlatform s = TrainingPlatforms.connect(sc)) {
            assertThat(a).isInstanceOf(AihcClient.class);
            assertThat(a.kind()).isEqualTo(PlatformKind.AIHC);
            assertThat(a.settings()).isEqualTo(aihc);
            assertThat(s).isInstanceOf(SenseCoreClient.class);
            assertThat(s.kind()).isEqualTo(PlatformKind.SENSECORE);
            assertThat(s.settings()).isEqualTo(sc);
        }
    }

    @Test
    void bothClientsAreBuiltTheSameWayAndRefuseTheOtherPlatformsSettingsAsAWiringBug() {
        ConnectionSettings aihc = ConnectionSettings.aihc(LOCAL, null, CREDS, "cce-1", "default");
        ConnectionSettings sc = ConnectionSettings.senseCore(LOCAL, null, CREDS, "sub", "rg", "cn-sh-01z", "ws");
        ManualClock manual = new ManualClock(Instant.parse("2026-03-01T10:00:00Z"));
        AihcClient.Builder a = AihcClient.builder(aihc).time(manual).random(new SplittableRandom(1));
        SenseCoreClient.Builder s = SenseCoreClient.builder(sc).time(manual).random(new SplittableRandom(1));
        assertThat(a.time()).isSameAs(manual);
        assertThat(s.time()).isSameAs(manual);
        try (AihcClient built = a.build();
                SenseCoreClient other = s.build()) {
            assertThat(built.settings()).isEqualTo(aihc);
            assertThat(other.settings()).isEqualTo(sc);
        }
        assertThatThrownBy(() -> AihcClient.builder(sc))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("connection: platform is sensecore, expected aihc");
        assertThatThrownBy(() -> SenseCoreClient.builder(aihc))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("connection: platform is aihc, expected sensecore");
    }
}
