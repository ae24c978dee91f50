package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The rules for connection settings: where to call (endpoint or known region), the transport, and
 * through each {@link PlatformTarget} which setting its platform needs. The clients check them before
 * their first call, the CLI before it connects and the Jenkins plugin when a
 * form or a step is checked, so every front end names the same field with the same rule.
 *
 * <p>The rules take the settings as text, as users type them, because the front ends check before they
 * have credentials to build {@link ConnectionSettings}. Blank means "not set". Field names are the ones
 * users set (profile keys, form fields): {@code endpoint}, {@code region}, {@code resourcePool},
 * {@code subscription}, {@code resourceGroup}, {@code zone}, {@code workspace}.
 */
public final class ConnectionSettingsValidator {

    static final String LOCATION_RULE = "set either a region or an endpoint URL";
    private static final Pattern LOOPBACK_V4 = Pattern.compile("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");

    private ConnectionSettingsValidator() {}

    /** Where to call: an endpoint, when set, is an http(s) URL with a host; else a region is set. */
    public static List<ConnectionProblem> location(String endpoint, String region) {
        List<ConnectionProblem> problems = new ArrayList<>();
        if (isBlank(endpoint)) {
            if (isBlank(region)) {
                problems.add(new ConnectionProblem("region", LOCATION_RULE));
            }
        } else if (parse(endpoint) == null) {
            problems.add(endpointProblem(endpoint));
        }
        return problems;
    }

    /**
     * Where to call on one platform: {@link #location(String, String)}, and without an endpoint the region
     * must be one of the platform's {@link KnownRegions}.
     */
    public static List<ConnectionProblem> location(PlatformKind platform, String endpoint, String region) {
        List<ConnectionProblem> problems = location(endpoint, region);
        if (problems.isEmpty() && isBlank(endpoint)) {
            KnownRegions.of(platform)
                    .problem(region)
                    .ifPresent(rule -> problems.add(new ConnectionProblem("region", rule)));
        }
        return problems;
    }

    /** Baidu AIHC without a queue: right for self-managed pools; a managed pool is told it needs one. */
    public static List<ConnectionProblem> aihc(String endpoint, String region, String resourcePool) {
        return aihc(endpoint, region, resourcePool, null);
    }

    /**
     * Baidu AIHC: the location, the resource pool every call names, and for a managed pool
     * ({@link AihcManagedPools}) the queue every call names as {@code queueID}.
     */
    public static List<ConnectionProblem> aihc(String endpoint, String region, String resourcePool, String queue) {
        List<ConnectionProblem> problems = location(PlatformKind.AIHC, endpoint, region);
        problems.addAll(new AihcTarget(resourcePool, queue).problems());
        return problems;
    }

    /**
     * The rule of the AIHC {@code queue} setting given the pool: required for a managed pool
     * ({@code aihc-serverless}, {@code aihc-bhcmp}), whose every call names it as {@code queueID};
     * optional otherwise. For a form that checks the queue as it is typed.
     */
    public static Optional<ConnectionProblem> aihcQueue(String resourcePool, String queue) {
        return AihcTarget.queueRule(resourcePool, queue);
    }

    /** SenseCore ACP: the location, and the four names every workspace URL is built from. */
    public static List<ConnectionProblem> senseCore(
            String endpoint, String region, String subscription, String resourceGroup, String zone, String workspace) {
        List<ConnectionProblem> problems = location(PlatformKind.SENSECORE, endpoint, region);
        problems.addAll(new SenseCoreTarget(subscription, resourceGroup, zone, workspace).problems());
        return problems;
    }

    /**
     * The rule of one platform setting on its own ({@code resourcePool}; {@code subscription},
     * {@code resourceGroup}, {@code zone}, {@code workspace}), for a form that checks field by field.
     * Empty when the value is set or the platform does not need the setting.
     */
    public static Optional<ConnectionProblem> setting(PlatformKind platform, String field, String value) {
        return PlatformTarget.setting(platform, field, value);
    }

    /**
     * The problems of built settings: the same rules as for text, and the transport rule
     * ({@link #transport(URI, boolean)}).
     */
    static List<ConnectionProblem> problems(ConnectionSettings settings) {
        String endpoint =
                settings.endpoint() == null ? null : settings.endpoint().toString();
        List<ConnectionProblem> problems = location(settings.platform(), endpoint, settings.region());
        problems.addAll(settings.target().problems());
        transport(settings.endpoint(), settings.insecureHttp()).ifPresent(problems::add);
        return problems;
    }

    /**
     * Plain {@code http://} only where nobody else is on the path: a loopback host (the simulator), or
     * with the explicit opt-in {@code insecureHttp} (then front ends warn at run time). Over http anyone on
     * the network reads every spec and answer, and can replay a captured signed request (security review
     * S3). Empty for https, for no endpoint (a region's public https host) and for an allowed http one.
     */
    public static Optional<ConnectionProblem> transport(URI endpoint, boolean insecureHttp) {
        if (endpoint == null
                || !"http".equalsIgnoreCase(endpoint.getScheme())
                || insecureHttp
                || isLoopback(endpoint.getHost())) {
            return Optional.empty();
        }
        return Optional.of(new ConnectionProblem(
                "endpoint",
                plainHttpRisk(endpoint) + "; use https, or opt in "
                        + "to plain http explicitly (insecure http); without the opt-in plain http is accepted only for "
                        + "a loopback host such as the simulator"));
    }

    /** What plain http to {@code endpoint} exposes, for the problem and for the run-time warning. */
    static String plainHttpRisk(URI endpoint) {
        return "'" + ConsoleText.strip(endpoint.toString(), 200) + "' is plain http: specs, answers and request "
                + "signatures cross the network readable, and a captured request can be replayed";
    }

    /**
     * True for {@code localhost} and loopback address literals ({@code 127.0.0.0/8}, {@code ::1}), decided
     * from the text alone: no name is resolved.
     */
    static boolean isLoopback(String host) {
        if (host == null) {
            return false;
        }
        String h = host.trim().toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        return h.equals("localhost")
                || h.endsWith(".localhost")
                || h.equals("::1")
                || h.equals("0:0:0:0:0:0:0:1")
                || LOOPBACK_V4.matcher(h).matches();
    }

    /** @throws InvalidConnectionException listing every problem, unless there are none */
    public static void requireValid(List<ConnectionProblem> problems) {
        if (!problems.isEmpty()) {
            throw new InvalidConnectionException(problems);
        }
    }

    /** @throws InvalidConnectionException listing every problem of the settings, unless there are none */
    public static ConnectionSettings requireValid(ConnectionSettings settings) {
        requireValid(problems(settings));
        return settings;
    }

    /**
     * The endpoint text as a URI, or {@code null} when blank.
     *
     * @throws InvalidConnectionException when it is not an http(s) URL with a host
     */
    public static URI endpoint(String endpoint) {
        if (isBlank(endpoint)) {
            return null;
        }
        URI uri = parse(endpoint);
        if (uri == null) {
            throw new InvalidConnectionException(List.of(endpointProblem(endpoint)));
        }
        return uri;
    }

    private static URI parse(String endpoint) {
        try {
            URI uri = new URI(endpoint.trim());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            return (scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null ? uri : null;
        } catch (URISyntaxException e) {
            return null;
        }
    }

    private static ConnectionProblem endpointProblem(String endpoint) {
        // An endpoint is an address, not a secret: quoting it shows what was read.
        return new ConnectionProblem(
                "endpoint",
                "'" + ConsoleText.strip(endpoint.trim(), 200)
                        + "' is not an http(s) URL with a host, e.g. https://aihc.bj.baidubce.com");
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
