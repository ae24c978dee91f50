package io.jenkins.plugins.trainingjob.cli.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.cli.CliEnvironment;
import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.cli.ManualInterrupts;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionProblem;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.InvalidConnectionException;
import io.jenkins.plugins.trainingjob.core.platform.connect.TrainingPlatforms;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Flags win over TRAINJOB_* variables, which win over the profile file; secrets never come from flags. */
class ConnectionResolverTest {

    @TempDir
    Path home;

    final Map<String, String> variables = new HashMap<>();
    final ConnectionOptions flags = new ConnectionOptions();

    ConnectionSettings resolve(PlatformKind specPlatform) {
        CliEnvironment env = new CliEnvironment(
                variables,
                home,
                new PrintWriter(new StringWriter()),
                new PrintWriter(new StringWriter()),
                false,
                new ManualInterrupts(),
                TrainingPlatforms::connect,
                TimeSource.system());
        return ConnectionResolver.resolve(env, flags, specPlatform);
    }

    void profile(String yaml) throws Exception {
        Path file = Files.createDirectories(home.resolve(".config/trainjob")).resolve("config.yaml");
        Files.writeString(file, yaml);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    }

    @Test
    void aFlagWinsOverTheVariableWhichWinsOverTheProfile() throws Exception {
        profile("platform: aihc\nregion: gz\nresourcePool: pool-profile\nqueue: q-profile\n"
                + "accessKey: ak-profile\nsecretKey: sk-profile\n");
        variables.put("TRAINJOB_REGION", "su");
        variables.put("TRAINJOB_RESOURCE_POOL", "pool-env");
        flags.resourcePool = "pool-flag";

        ConnectionSettings s = resolve(null);

        assertThat(s.platform()).isEqualTo(PlatformKind.AIHC);
        assertThat(s.aihc().resourcePoolId()).isEqualTo("pool-flag");
        assertThat(s.region()).isEqualTo("su");
        assertThat(s.aihc().queue()).isEqualTo("q-profile");
        assertThat(s.credentials().accessKey()).isEqualTo("ak-profile");
        assertThat(s.resolvedEndpoint()).isEqualTo(URI.create("https://aihc.su.baidubce.com"));
    }

    @Test
    void trainjobVariablesWinOverThePlatformsOwnNames() {
        variables.put("TRAINJOB_ACCESS_KEY", "ak-trainjob");
        variables.put("TRAINJOB_SECRET_KEY", "sk-trainjob");
        variables.put("BCE_ACCESS_KEY_ID", "ak-bce");
        variables.put("BCE_SECRET_ACCESS_KEY", "sk-bce");
        flags.region = "bj";
        flags.resourcePool = "pool-1";
        assertThat(resolve(PlatformKind.AIHC).credentials().accessKey()).isEqualTo("ak-trainjob");
    }

    @Test
    void readsTheBceSdkNamesForAihcWithTheSessionToken() {
        variables.put("BCE_ACCESS_KEY_ID", "ak-bce");
        variables.put("BCE_SECRET_ACCESS_KEY", "sk-bce");
        variables.put("BCE_SESSION_TOKEN", "sts");
        flags.region = "bj";
        flags.resourcePool = "pool-1";
        var credentials = resolve(PlatformKind.AIHC).credentials();
        assertThat(credentials.accessKey()).isEqualTo("ak-bce");
        assertThat(credentials.securityToken()).isEqualTo("sts");
    }

    @Test
    void senseCoreDerivesTheWorkspaceZoneFromTheRegion() {
        variables.put("SENSECORE_ACCESS_KEY_ID", "ak");
        variables.put("SENSECORE_ACCESS_KEY_SECRET", "sk");
        flags.region = "cn-sh-01";
        flags.subscription = "sub";
        flags.resourceGroup = "rg";
        flags.workspace = "ws";
        ConnectionSettings s = resolve(PlatformKind.SENSECORE);
        assertThat(s.senseCore().zone()).isEqualTo("cn-sh-01z");
        assertThat(s.senseCore().workspace()).isEqualTo("ws");
        assertThat(s.resolvedEndpoint()).isEqualTo(URI.create("https://aec2.cn-sh-01.sensecoreapi.cn"));
    }

    @Test
    void aNamedProfileOverlaysTheTopLevel() throws Exception {
        profile("platform: aihc\nregion: bj\naccessKey: ak\nsecretKey: sk\nprofiles:\n  sim:\n"
                + "    endpoint: http://127.0.0.1:9000\n    resourcePool: pool-sim\n");
        flags.profile = "sim";
        ConnectionSettings s = resolve(null);
        assertThat(s.resolvedEndpoint()).isEqualTo(URI.create("http://127.0.0.1:9000"));
        assertThat(s.aihc().resourcePoolId()).isEqualTo("pool-sim");
        assertThat(s.credentials().accessKey()).isEqualTo("ak");
    }

    @Test
    void anUnknownProfileNamesTheKnownOnes() throws Exception {
        profile("platform: aihc\nprofiles:\n  prod: {region: bj}\n  dev: {region: gz}\n");
        flags.profile = "stage";
        assertThatThrownBy(() -> resolve(null))
                .isInstanceOf(CliException.class)
                .hasMessageContaining("no profile 'stage'")
                .hasMessageContaining("dev, prod");
    }

    @Test
    void anUnknownProfileSettingIsNamed() throws Exception {
        profile("platform: aihc\nsecret: oops\n");
        assertThatThrownBy(() -> resolve(null))
                .isInstanceOf(CliException.class)
                .hasMessageContaining("secret: unknown setting")
                .hasMessageNotContaining("oops");
    }

    @Test
    void aFlagThatContradictsTheSpecIsRefused() {
        flags.platform = "sensecore";
        assertThatThrownBy(() -> resolve(PlatformKind.AIHC))
                .isInstanceOf(CliException.class)
                .hasMessageContaining("contradicts the spec's platform: aihc");
    }

    @Test
    void anEndpointMustBeAnHttpUrl() {
        variables.put("TRAINJOB_ACCESS_KEY", "ak");
        variables.put("TRAINJOB_SECRET_KEY", "sk");
        flags.endpoint = "ftp://example.com";
        flags.resourcePool = "pool-1";
        assertThatThrownBy(() -> resolve(PlatformKind.AIHC))
                .isInstanceOf(InvalidConnectionException.class)
                .hasMessageStartingWith("endpoint: 'ftp://example.com' is not an http(s) URL");
    }

    @Test
    void withoutRegionOrEndpointItSaysWhichToSet() {
        flags.resourcePool = "pool-1";
        assertThatThrownBy(() -> resolve(PlatformKind.AIHC))
                .isInstanceOf(InvalidConnectionException.class)
                .hasMessage("region: set either a region or an endpoint URL");
        assertThat(ConnectionResolver.whereToSet("region")).contains("--region or --endpoint");
    }

    @Test
    void everyMissingSettingIsNamedBeforeCredentialsAreLookedUp() {
        flags.region = "cn-sh-01";
        flags.subscription = "sub";
        assertThatThrownBy(() -> resolve(PlatformKind.SENSECORE))
                .isInstanceOf(InvalidConnectionException.class)
                .extracting(e -> ((InvalidConnectionException) e).problems())
                .asList()
                .extracting(p -> ((ConnectionProblem) p).field())
                .containsExactly("resourceGroup", "workspace");
    }

    @Test
    void aRegionThePlatformDoesNotServeIsRefusedWithTheOneMeant() {
        flags.region = "cn-beijing";
        flags.resourcePool = "pool-1";
        assertThatThrownBy(() -> resolve(PlatformKind.AIHC))
                .isInstanceOf(InvalidConnectionException.class)
                .hasMessageStartingWith("region: 'cn-beijing' is not a known Baidu AIHC region")
                .hasMessageContaining("did you mean 'bj'")
                .hasMessageContaining("set the endpoint URL instead");
    }

    /** bce-sdk-go refuses every job call on aihc-serverless/aihc-bhcmp without queueID: so do we, up front. */
    @Test
    void aManagedPoolNeedsTheQueueBeforeAnythingIsCalled() {
        flags.region = "bj";
        flags.resourcePool = "aihc-serverless";
        assertThatThrownBy(() -> resolve(PlatformKind.AIHC))
                .isInstanceOf(InvalidConnectionException.class)
                .hasMessageStartingWith("queue: required for resource pool aihc-serverless");
        assertThat(ConnectionResolver.whereToSet("queue"))
                .isEqualTo("--queue, TRAINJOB_QUEUE or queue: in the profile");

        variables.put("TRAINJOB_ACCESS_KEY", "ak");
        variables.put("TRAINJOB_SECRET_KEY", "sk");
        variables.put("TRAINJOB_QUEUE", "aihcq-7");
        assertThat(resolve(PlatformKind.AIHC).aihc().queue()).isEqualTo("aihcq-7");
    }

    @Test
    void eachSettingIsNamedWithItsFlagVariableAndProfileKey() {
        assertThat(ConnectionResolver.whereToSet("resourcePool"))
                .isEqualTo("--resource-pool, TRAINJOB_RESOURCE_POOL or resourcePool: in the profile");
        assertThat(ConnectionResolver.whereToSet("resourceGroup"))
                .isEqualTo("--resource-group, TRAINJOB_RESOURCE_GROUP or resourceGroup: in the profile");
        assertThat(ConnectionResolver.whereToSet("zone")).isEqualTo("--zone, TRAINJOB_ZONE or zone: in the profile");
    }

    @Test
    void theSecretNeverShowsInTheSettingsText() {
        variables.put("TRAINJOB_ACCESS_KEY", "ak");
        variables.put("TRAINJOB_SECRET_KEY", "very-secret");
        flags.region = "bj";
        flags.resourcePool = "pool-1";
        assertThat(resolve(PlatformKind.AIHC).toString()).doesNotContain("very-secret");
    }
}
