package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.net.URI;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

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
 *
 * <p>{@code senseCoreSignature} says what a SenseCore signature binds ({@link SenseCoreSignature#REQUEST}
 * unless a gateway needs date-only). {@code insecureHttp} is the explicit opt-in to a plain
 * {@code http://} endpoint that is not loopback; without it such settings have a problem.
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
        HttpSettings http,
        SenseCoreSignature senseCoreSignature,
        boolean insecureHttp) {

    public ConnectionSettings {
        Objects.requireNonNull(platform, "platform");
        Objects.requireNonNull(credentials, "credentials");
        if (endpoint == null && (region == null || region.isBlank())) {
            throw new InvalidConnectionException(
                    List.of(new ConnectionProblem("region", ConnectionSettingsValidator.LOCATION_RULE)));
        }
        http = http == null ? HttpSettings.defaults() : http;
        senseCoreSignature = senseCoreSignature == null ? SenseCoreSignature.REQUEST : senseCoreSignature;
    }

    /** Request-bound SenseCore signatures, and no plain-http opt-in. */
    public ConnectionSettings(PlatformKind platform, URI endpoint, String region, Credentials credentials,
                              String resourcePoolId, String queue, String subscription, String resourceGroup,
                              String zone, String workspace, HttpSettings http) {
        this(platform, endpoint, region, credentials, resourcePoolId, queue, subscription, resourceGroup, zone,
                workspace, http, null, false);
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
                resourceGroup, zone, workspace, http, senseCoreSignature, insecureHttp);
    }

    /** What a SenseCore signature binds; date-only only for a gateway that refuses the request-bound form. */
    public ConnectionSettings withSenseCoreSignature(SenseCoreSignature signature) {
        return new ConnectionSettings(platform, endpoint, region, credentials, resourcePoolId, queue, subscription,
                resourceGroup, zone, workspace, http, signature, insecureHttp);
    }

    /** {@code true}: a plain {@code http://} endpoint beyond loopback is allowed (and warned about). */
    /**
     * The same connection aimed at another AIHC queue (a fallback target). SenseCore has no queue in its
     * connection; the job's pool is in its spec.
     */
    public ConnectionSettings withQueue(String newQueue) {
        return new ConnectionSettings(platform, endpoint, region, credentials, resourcePoolId, newQueue,
                subscription, resourceGroup, zone, workspace, http, senseCoreSignature, insecureHttp);
    }

    /** The same connection aimed at another AIHC resource pool (a fallback target). */
    public ConnectionSettings withResourcePool(String newResourcePoolId) {
        return new ConnectionSettings(platform, endpoint, region, credentials, newResourcePoolId, queue,
                subscription, resourceGroup, zone, workspace, http, senseCoreSignature, insecureHttp);
    }

    public ConnectionSettings withInsecureHttp(boolean insecureHttp) {
        return new ConnectionSettings(platform, endpoint, region, credentials, resourcePoolId, queue, subscription,
                resourceGroup, zone, workspace, http, senseCoreSignature, insecureHttp);
    }

    /**
     * The warning to show whenever these settings are used over plain http beyond loopback (only possible
     * with {@link #insecureHttp()}); empty for https and for loopback, whose traffic never leaves the machine.
     */
    public Optional<String> plainHttpWarning() {
        URI uri = resolvedEndpoint();
        if (!"http".equalsIgnoreCase(uri.getScheme()) || ConnectionSettingsValidator.isLoopback(uri.getHost())) {
            return Optional.empty();
        }
        return Optional.of(ConnectionSettingsValidator.plainHttpRisk(uri));
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
