package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.net.URI;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where and as whom to call a platform. The endpoint is either explicit or derived from the region by the
 * target ({@code https://aihc.<region>.baidubce.com}, {@code https://aec2.<region>.sensecoreapi.cn}).
 *
 * <p>What differs per platform is the {@link PlatformTarget}: {@link AihcTarget} (resource pool, queue) or
 * {@link SenseCoreTarget} (subscription, resource group, zone, workspace). {@link #toString()} redacts the
 * credentials. Which fields each platform needs is checked by {@link #problems()}; the clients refuse
 * settings that have any, except that an AIHC client without a resource pool may still fetch a diagnosis
 * by id (its calls that name the pool refuse).
 *
 * <p>{@code senseCoreSignature} says what a SenseCore signature binds, when the connection chose:
 * {@link SenseCoreSignature#REQUEST} or {@link SenseCoreSignature#DATE_ONLY}; {@code null} when it did not,
 * and then the client signs request-bound and falls back to date-only once if the gateway refuses that
 * with 401 (an explicit choice never falls back). {@code insecureHttp} is the explicit opt-in to a plain
 * {@code http://} endpoint that is not loopback; without it such settings have a problem.
 */
public record ConnectionSettings(
        URI endpoint,
        String region,
        Credentials credentials,
        PlatformTarget target,
        HttpSettings http,
        SenseCoreSignature senseCoreSignature,
        boolean insecureHttp) {

    public ConnectionSettings {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(credentials, "credentials");
        if (endpoint == null && (region == null || region.isBlank())) {
            throw new InvalidConnectionException(
                    List.of(new ConnectionProblem("region", ConnectionSettingsValidator.LOCATION_RULE)));
        }
        http = http == null ? HttpSettings.defaults() : http;
    }

    /** Default HTTP settings, the SenseCore signature left to the client, and no plain-http opt-in. */
    public ConnectionSettings(URI endpoint, String region, Credentials credentials, PlatformTarget target) {
        this(endpoint, region, credentials, target, null, null, false);
    }

    public static ConnectionSettings aihc(
            URI endpoint, String region, Credentials credentials, String resourcePoolId, String queue) {
        return new ConnectionSettings(endpoint, region, credentials, new AihcTarget(resourcePoolId, queue));
    }

    public static ConnectionSettings senseCore(
            URI endpoint,
            String region,
            Credentials credentials,
            String subscription,
            String resourceGroup,
            String zone,
            String workspace) {
        return new ConnectionSettings(
                endpoint, region, credentials, new SenseCoreTarget(subscription, resourceGroup, zone, workspace));
    }

    /** The platform of the target. */
    public PlatformKind platform() {
        return target.platform();
    }

    /**
     * The AIHC target of an AIHC connection.
     *
     * @throws IllegalStateException on another platform's connection (a caller's bug: clients and
     *     front ends check the platform first)
     */
    public AihcTarget aihc() {
        if (target instanceof AihcTarget aihc) {
            return aihc;
        }
        throw new IllegalStateException("not an AIHC connection: " + platform().id());
    }

    /**
     * The SenseCore target of a SenseCore connection.
     *
     * @throws IllegalStateException on another platform's connection
     */
    public SenseCoreTarget senseCore() {
        if (target instanceof SenseCoreTarget senseCore) {
            return senseCore;
        }
        throw new IllegalStateException(
                "not a SenseCore connection: " + platform().id());
    }

    public ConnectionSettings withHttp(HttpSettings http) {
        return new ConnectionSettings(endpoint, region, credentials, target, http, senseCoreSignature, insecureHttp);
    }

    /**
     * What a SenseCore signature binds, as the connection chose it ({@code null}: not chosen, request-bound
     * with a date-only fallback); date-only only for a gateway that refuses the request-bound form.
     */
    public ConnectionSettings withSenseCoreSignature(SenseCoreSignature signature) {
        return new ConnectionSettings(endpoint, region, credentials, target, http, signature, insecureHttp);
    }

    /**
     * The same connection aimed at another AIHC queue (a fallback target).
     *
     * @throws InvalidConnectionException on a SenseCore connection: it has no queue (the job's pool is in
     *     its spec), so a fallback queue there is a configuration mistake, named as such
     */
    public ConnectionSettings withQueue(String newQueue) {
        return withTarget(aihcTarget("queue").withQueue(newQueue));
    }

    /**
     * The same connection aimed at another AIHC resource pool (a fallback target).
     *
     * @throws InvalidConnectionException on a SenseCore connection, which names no resource pool
     */
    public ConnectionSettings withResourcePool(String newResourcePoolId) {
        return withTarget(aihcTarget("resourcePool").withResourcePool(newResourcePoolId));
    }

    /** The same endpoint, credentials and HTTP settings aimed at another target. */
    public ConnectionSettings withTarget(PlatformTarget newTarget) {
        return new ConnectionSettings(endpoint, region, credentials, newTarget, http, senseCoreSignature, insecureHttp);
    }

    /** {@code true}: a plain {@code http://} endpoint beyond loopback is allowed (and warned about). */
    public ConnectionSettings withInsecureHttp(boolean insecureHttp) {
        return new ConnectionSettings(endpoint, region, credentials, target, http, senseCoreSignature, insecureHttp);
    }

    private AihcTarget aihcTarget(String field) {
        if (target instanceof AihcTarget aihc) {
            return aihc;
        }
        throw new InvalidConnectionException(List.of(new ConnectionProblem(
                field,
                "a "
                        + platform().displayName() + " connection has no " + field + " (only Baidu AIHC connections "
                        + "name a resource pool and queue; a SenseCore job's pool is in its spec)")));
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
        return endpoint != null ? endpoint : target.regionEndpoint(region);
    }
}
