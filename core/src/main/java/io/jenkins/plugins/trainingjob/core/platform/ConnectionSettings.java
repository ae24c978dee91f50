package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.net.URI;
import java.util.List;
import java.util.Objects;

/**
 * Where and as whom to call a platform. The endpoint is either explicit or derived from the region
 * ({@code https://aihc.<region>.baidubce.com}, {@code https://aec2.<region>.sensecoreapi.cn}).
 *
 * <p>AIHC uses {@code resourcePoolId} and {@code queue}; SenseCore uses {@code subscription},
 * {@code resourceGroup}, {@code zone} (the workspace zone, region + {@code z}) and {@code workspace}.
 * Fields a platform does not use are {@code null}. {@link #toString()} redacts the credentials. Which
 * fields each platform needs is checked by {@link #problems()}; the clients refuse settings that have any,
 * except that an AIHC client without a resource pool may still fetch a diagnosis by id (its calls that
 * name the pool refuse).
 */
public record ConnectionSettings(
        PlatformKind platform,
        URI endpoint,
        String region,
        Credentials credentials,
        String resourcePoolId,
        String queue,
        String subscription,
        String resourceGroup,
        String zone,
        String workspace,
        HttpSettings http) {

    public ConnectionSettings {
        Objects.requireNonNull(platform, "platform");
        Objects.requireNonNull(credentials, "credentials");
        if (endpoint == null && (region == null || region.isBlank())) {
            throw new InvalidConnectionException(
                    List.of(new ConnectionProblem("region", ConnectionSettingsValidator.LOCATION_RULE)));
        }
        http = http == null ? HttpSettings.defaults() : http;
    }

    public static ConnectionSettings aihc(URI endpoint, String region, Credentials credentials,
                                          String resourcePoolId, String queue) {
        return new ConnectionSettings(PlatformKind.AIHC, endpoint, region, credentials, resourcePoolId, queue,
                null, null, null, null, null);
    }

    public static ConnectionSettings senseCore(URI endpoint, String region, Credentials credentials,
                                               String subscription, String resourceGroup, String zone,
                                               String workspace) {
        return new ConnectionSettings(PlatformKind.SENSECORE, endpoint, region, credentials, null, null,
                subscription, resourceGroup, zone, workspace, null);
    }

    public ConnectionSettings withHttp(HttpSettings http) {
        return new ConnectionSettings(platform, endpoint, region, credentials, resourcePoolId, queue, subscription,
                resourceGroup, zone, workspace, http);
    }

    /** What breaks {@link ConnectionSettingsValidator}'s rules; empty when the settings are usable. */
    public List<ConnectionProblem> problems() {
        return ConnectionSettingsValidator.problems(this);
    }

    /** The endpoint to call: the explicit one, else the region's public host. */
    public URI resolvedEndpoint() {
        if (endpoint != null) {
            return endpoint;
        }
        String r = region.trim();
        return switch (platform) {
            case AIHC -> URI.create("https://aihc." + r + ".baidubce.com");
            case SENSECORE -> URI.create("https://aec2." + r + ".sensecoreapi.cn");
        };
    }
}
