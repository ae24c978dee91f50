package io.jenkins.plugins.trainingjob.core.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.platform.connect.TrainingPlatforms;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which settings each platform needs, and how a missing or malformed one is named. */
class ConnectionSettingsValidatorTest {
    private static final Credentials KEYS = Credentials.of("ak", "sk-secret");

    @Test
    void aRegionOrAnEndpointSaysWhereToCall() {
        assertThat(ConnectionSettingsValidator.location(null, "bj")).isEmpty();
        assertThat(ConnectionSettingsValidator.location("https://aihc.bj.baidubce.com", null))
                .isEmpty();
        assertThat(ConnectionSettingsValidator.location("http://127.0.0.1:9000", " "))
                .isEmpty();
        assertThat(ConnectionSettingsValidator.location(" ", ""))
                .extracting(ConnectionProblem::toString)
                .containsExactly("region: set either a region or an endpoint URL");
    }

    @Test
    void anEndpointIsAnHttpUrlWithAHost() {
        assertThat(ConnectionSettingsValidator.location("ftp://example.com", "bj"))
                .extracting(ConnectionProblem::toString)
                .containsExactly(
                        "endpoint: 'ftp://example.com' is not an http(s) URL with a host, e.g. https://aihc.bj.baidubce.com");
        assertThat(ConnectionSettingsValidator.location("https://", null))
                .extracting(ConnectionProblem::field)
                .containsExactly("endpoint");
        assertThat(ConnectionSettingsValidator.location("not a url", null))
                .extracting(ConnectionProblem::field)
                .containsExactly("endpoint");
    }

    @Test
    void anEndpointTextBecomesAUriOnlyWhenItFollowsTheRule() {
        assertThat(ConnectionSettingsValidator.endpoint(" http://127.0.0.1:9000 "))
                .isEqualTo(URI.create("http://127.0.0.1:9000"));
        assertThat(ConnectionSettingsValidator.endpoint(" ")).isNull();
        assertThatThrownBy(() -> ConnectionSettingsValidator.endpoint("file:///etc/passwd"))
                .isInstanceOf(InvalidConnectionException.class)
                .hasMessageStartingWith("endpoint: 'file:///etc/passwd'");
    }

    @Test
    void aihcNeedsTheResourcePool() {
        assertThat(ConnectionSettingsValidator.aihc(null, "bj", "cce-1")).isEmpty();
        assertThat(ConnectionSettingsValidator.aihc(null, "bj", " "))
                .extracting(ConnectionProblem::toString)
                .containsExactly("resourcePool: required for Baidu AIHC (the resource pool id, e.g. cce-xxxxxxxx)");
    }

    @Test
    void withoutAnEndpointTheRegionMustBeOneThePlatformServes() {
        assertThat(ConnectionSettingsValidator.aihc(null, "cn-beijing", "cce-1"))
                .extracting(ConnectionProblem::toString)
                .singleElement()
                .asString()
                .startsWith("region: 'cn-beijing' is not a known Baidu AIHC region")
                .contains("did you mean 'bj'");
        // an explicit endpoint is the way to any other region; the region is then not used for the host
        assertThat(ConnectionSettingsValidator.aihc("https://aihc.new.baidubce.com", "cn-beijing", "cce-1"))
                .isEmpty();
        assertThat(ConnectionSettingsValidator.senseCore(null, "cn-sh-02", "s", "r", "cn-sh-02z", "w"))
                .extracting(ConnectionProblem::field)
                .containsExactly("region");
        assertThatThrownBy(() -> io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient.create(
                        ConnectionSettings.aihc(null, "cn-beijing", KEYS, "cce-1", null)))
                .isInstanceOf(InvalidConnectionException.class)
                .hasMessageContaining("did you mean 'bj'");
    }

    /** bce-sdk-go refuses every job call on these pools without queueID; self-managed pools need no queue. */
    @Test
    void aManagedAihcPoolNeedsTheQueueItsCallsNameAsQueueId() {
        assertThat(ConnectionSettingsValidator.aihc(null, "bj", "aihc-serverless", "aihcq-7"))
                .isEmpty();
        assertThat(ConnectionSettingsValidator.aihc(null, "bj", "cce-1", null)).isEmpty();
        assertThat(ConnectionSettingsValidator.aihc(null, "bj", " aihc-bhcmp ", " "))
                .extracting(ConnectionProblem::toString)
                .containsExactly("queue: required for resource pool aihc-bhcmp: every call on a managed pool names the"
                        + " queue (sent as queueID; the queue id, e.g. aihcq-xxxxxxxx)");
        assertThat(ConnectionSettingsValidator.aihc(null, "bj", "aihc-serverless"))
                .extracting(ConnectionProblem::field)
                .containsExactly("queue");
        // the form check of the queue field alone, given the pool typed next to it
        assertThat(ConnectionSettingsValidator.aihcQueue("aihc-serverless", "")).isPresent();
        assertThat(ConnectionSettingsValidator.aihcQueue("aihc-serverless", "aihcq-7"))
                .isEmpty();
        assertThat(ConnectionSettingsValidator.aihcQueue("cce-1", null)).isEmpty();
        assertThat(ConnectionSettingsValidator.aihcQueue(null, null)).isEmpty();
    }

    @Test
    void senseCoreNeedsTheFourWorkspaceNames() {
        assertThat(ConnectionSettingsValidator.senseCore(null, "cn-sh-01", "sub", "rg", "cn-sh-01z", "ws"))
                .isEmpty();
        assertThat(ConnectionSettingsValidator.senseCore(null, "cn-sh-01", null, "", " ", null))
                .extracting(ConnectionProblem::toString)
                .containsExactly(
                        "subscription: required for SenseCore ACP",
                        "resourceGroup: required for SenseCore ACP",
                        "zone: required for SenseCore ACP (the workspace zone: the region followed by z, e.g. cn-sh-01z)",
                        "workspace: required for SenseCore ACP");
    }

    @Test
    void aFormChecksOneSettingByTheSameRule() {
        assertThat(ConnectionSettingsValidator.setting(PlatformKind.AIHC, "resourcePool", "cce-1"))
                .isEmpty();
        assertThat(ConnectionSettingsValidator.setting(PlatformKind.AIHC, "resourcePool", ""))
                .map(ConnectionProblem::toString)
                .contains("resourcePool: required for Baidu AIHC (the resource pool id, e.g. cce-xxxxxxxx)");
        assertThat(ConnectionSettingsValidator.setting(PlatformKind.AIHC, "queue", null))
                .isEmpty();
        assertThat(ConnectionSettingsValidator.setting(PlatformKind.SENSECORE, "workspace", " "))
                .map(ConnectionProblem::toString)
                .contains("workspace: required for SenseCore ACP");
        assertThat(ConnectionSettingsValidator.setting(PlatformKind.SENSECORE, "resourcePool", null))
                .isEmpty();
    }

    @Test
    void everyProblemIsListedLocationFirst() {
        assertThat(ConnectionSettingsValidator.senseCore("ftp://x", null, "sub", "rg", "z", null))
                .extracting(ConnectionProblem::field)
                .containsExactly("endpoint", "workspace");
    }

    @Test
    void builtSettingsAreCheckedByTheSameRules() {
        assertThat(ConnectionSettings.aihc(null, "bj", KEYS, "cce-1", null).problems())
                .isEmpty();
        assertThat(ConnectionSettings.aihc(null, "bj", KEYS, null, "q").problems())
                .extracting(ConnectionProblem::field)
                .containsExactly("resourcePool");
        assertThat(ConnectionSettings.senseCore(URI.create("https://h:1"), null, KEYS, "s", "r", "z", " ")
                        .problems())
                .extracting(ConnectionProblem::field)
                .containsExactly("workspace");
    }

    /** Security review S3: plain http only for loopback (the simulator) or with the explicit opt-in. */
    @Test
    void plainHttpIsRefusedUnlessLoopbackOrExplicitlyAllowed() {
        ConnectionSettings internal =
                ConnectionSettings.aihc(URI.create("http://aihc-gw.internal"), null, KEYS, "cce-1", null);
        assertThat(internal.problems()).singleElement().satisfies(p -> {
            assertThat(p.field()).isEqualTo("endpoint");
            assertThat(p.toString())
                    .contains("'http://aihc-gw.internal' is plain http", "use https", "opt in", "loopback");
        });
        assertThatThrownBy(() -> TrainingPlatforms.connect(internal)).isInstanceOf(InvalidConnectionException.class);
        assertThat(internal.plainHttpWarning()).isPresent();

        ConnectionSettings allowed = internal.withInsecureHttp(true);
        assertThat(allowed.problems()).isEmpty();
        assertThat(allowed.plainHttpWarning())
                .hasValueSatisfying(w -> assertThat(w).contains("plain http"));

        for (String loopback :
                List.of("http://127.0.0.1:8080", "http://localhost:9", "http://[::1]:80", "http://127.1.2.3")) {
            ConnectionSettings sim = ConnectionSettings.aihc(URI.create(loopback), null, KEYS, "cce-1", null);
            assertThat(sim.problems()).as(loopback).isEmpty();
            assertThat(sim.plainHttpWarning()).as(loopback).isEmpty();
        }
        assertThat(ConnectionSettings.aihc(URI.create("https://10.0.0.5"), null, KEYS, "cce-1", null)
                        .problems())
                .isEmpty();
        assertThat(ConnectionSettings.aihc(URI.create("http://127.0.0.1.evil.example"), null, KEYS, "cce-1", null)
                        .problems())
                .extracting(ConnectionProblem::field)
                .containsExactly("endpoint");
    }

    @Test
    void bothClientsRefuseInvalidSettingsBeforeAnyCallNamingEveryProblem() {
        ConnectionSettings noScope = ConnectionSettings.senseCore(null, "cn-sh-01", KEYS, "s", null, "z", null);
        assertThatThrownBy(() -> TrainingPlatforms.connect(noScope))
                .isInstanceOf(InvalidConnectionException.class)
                .hasMessage("resourceGroup: required for SenseCore ACP; workspace: required for SenseCore ACP")
                .satisfies(e ->
                        assertThat(((InvalidConnectionException) e).problems()).hasSize(2));
        // AIHC without a pool can fetch a diagnosis by id; every call naming the pool refuses before sending
        ConnectionSettings noPool = ConnectionSettings.aihc(null, "bj", KEYS, "", null);
        try (TrainingPlatform aihc = TrainingPlatforms.connect(noPool)) {
            assertThatThrownBy(() -> aihc.status(new JobRef(PlatformKind.AIHC, "pytorchjob-1", null)))
                    .isInstanceOf(InvalidConnectionException.class)
                    .hasMessageStartingWith("resourcePool: required for Baidu AIHC")
                    .hasMessageNotContaining("sk-secret");
        }
        ConnectionSettings badRegion = ConnectionSettings.aihc(null, "cn-beijing", KEYS, "cce-1", null);
        assertThatThrownBy(() -> TrainingPlatforms.connect(badRegion))
                .isInstanceOf(InvalidConnectionException.class)
                .hasMessageStartingWith("region: 'cn-beijing' is not a known Baidu AIHC region");
    }
}
