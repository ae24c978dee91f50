package io.jenkins.plugins.trainingjob.cli.connection;

import io.jenkins.plugins.trainingjob.cli.CliEnvironment;
import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettingsValidator;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreSignature;
import io.jenkins.plugins.trainingjob.core.spec.DurationInput;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Turns flags, {@code TRAINJOB_*} variables and the profile file into {@link ConnectionSettings}. For
 * each setting the flag wins, then the variable ({@code --resource-pool} ↔ {@code TRAINJOB_RESOURCE_POOL}),
 * then the profile ({@code resourcePool}). Which settings a platform needs is core's rule
 * ({@link ConnectionSettingsValidator}); an invalid connection fails before any call with every problem.
 */
public final class ConnectionResolver {

    private ConnectionResolver() {}

    /**
     * @param specPlatform the platform a spec file names, or {@code null} when the command has no spec
     */
    public static ConnectionSettings resolve(CliEnvironment env, ConnectionOptions flags, PlatformKind specPlatform) {
        return resolve(env, flags, specPlatform, false);
    }

    /**
     * @param diagnosisQueryOnly the command only fetches an AIHC diagnosis by id, whose query takes nothing
     *     but the id: the resource pool (and queue) need not be set
     */
    public static ConnectionSettings resolve(
            CliEnvironment env, ConnectionOptions flags, PlatformKind specPlatform, boolean diagnosisQueryOnly) {
        String profileName = flags.profile != null ? flags.profile : env.variable("TRAINJOB_PROFILE");
        Profile profile = ProfileFile.load(env, profileName);
        PlatformKind platform = platform(env, flags, specPlatform, profile);

        String endpoint = pick(env, flags.endpoint, "TRAINJOB_ENDPOINT", profile, "endpoint");
        String region = pick(env, flags.region, "TRAINJOB_REGION", profile, "region");
        String resourcePool = pick(env, flags.resourcePool, "TRAINJOB_RESOURCE_POOL", profile, "resourcePool");
        String queue = pick(env, flags.queue, "TRAINJOB_QUEUE", profile, "queue");
        String subscription = pick(env, flags.subscription, "TRAINJOB_SUBSCRIPTION", profile, "subscription");
        String resourceGroup = pick(env, flags.resourceGroup, "TRAINJOB_RESOURCE_GROUP", profile, "resourceGroup");
        String workspace = pick(env, flags.workspace, "TRAINJOB_WORKSPACE", profile, "workspace");
        String zone = pick(env, flags.zone, "TRAINJOB_ZONE", profile, "zone");
        if (zone == null && region != null) {
            zone = region + "z"; // the workspace zone is the region plus "z" (cn-sh-01 -> cn-sh-01z)
        }
        // Every problem at once, before credentials are looked up or anything is called.
        ConnectionSettingsValidator.requireValid(
                switch (platform) {
                    case AIHC ->
                        diagnosisQueryOnly && (resourcePool == null || resourcePool.isBlank())
                                ? ConnectionSettingsValidator.location(platform, endpoint, region)
                                : ConnectionSettingsValidator.aihc(endpoint, region, resourcePool, queue);
                    case SENSECORE ->
                        ConnectionSettingsValidator.senseCore(
                                endpoint, region, subscription, resourceGroup, zone, workspace);
                });
        URI endpointUri = ConnectionSettingsValidator.endpoint(endpoint);
        Credentials credentials = CredentialSources.resolve(env, platform, profile);
        ConnectionSettings settings =
                switch (platform) {
                    case AIHC -> ConnectionSettings.aihc(endpointUri, region, credentials, resourcePool, queue);
                    case SENSECORE ->
                        ConnectionSettings.senseCore(
                                endpointUri, region, credentials, subscription, resourceGroup, zone, workspace);
                };
        settings = withTransport(env, flags, profile, settings);
        // Plain http is refused here, before anything is called, whatever command this is.
        ConnectionSettingsValidator.transport(settings.endpoint(), settings.insecureHttp())
                .ifPresent(problem -> ConnectionSettingsValidator.requireValid(List.of(problem)));
        settings.plainHttpWarning()
                .ifPresent(w -> env.err().println("trainjob: warning: " + w + " (allowed by --insecure-http)"));
        return withTimeouts(env, flags, profile, settings);
    }

    /**
     * {@code --insecure-http} (plain http beyond loopback) and {@code --sensecore-signature}: both are
     * security choices, so each is off or request-bound unless set explicitly somewhere.
     */
    private static ConnectionSettings withTransport(
            CliEnvironment env, ConnectionOptions flags, Profile profile, ConnectionSettings settings) {
        boolean insecure = flags.insecureHttp;
        if (!insecure) {
            String text = env.variable("TRAINJOB_INSECURE_HTTP");
            String where = "TRAINJOB_INSECURE_HTTP";
            if (text == null) {
                text = profile.get("insecureHttp");
                where = profile.source() + ": insecureHttp";
            }
            insecure = text != null && bool(where, text);
        }
        String signature =
                pick(env, flags.senseCoreSignature, "TRAINJOB_SENSECORE_SIGNATURE", profile, "senseCoreSignature");
        ConnectionSettings out = settings.withInsecureHttp(insecure);
        if (signature != null) {
            try {
                out = out.withSenseCoreSignature(SenseCoreSignature.parse("--sensecore-signature", signature));
            } catch (InvalidInputException e) {
                throw CliException.invalidInput(e.getMessage());
            }
        }
        return out;
    }

    private static boolean bool(String where, String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "true", "yes", "1" -> true;
            case "false", "no", "0", "" -> false;
            default -> throw CliException.invalidInput(where + ": '" + text.trim() + "' is not true or false");
        };
    }

    /** {@code --connect-timeout}, {@code --read-timeout}, {@code --call-timeout}, as the other settings. */
    private static ConnectionSettings withTimeouts(
            CliEnvironment env, ConnectionOptions flags, Profile profile, ConnectionSettings settings) {
        HttpSettings http = settings.http();
        Duration connect = timeout(
                env,
                flags.connectTimeout,
                "--connect-timeout",
                "TRAINJOB_CONNECT_TIMEOUT",
                profile,
                "connectTimeout",
                http.connectTimeout());
        Duration read = timeout(
                env,
                flags.readTimeout,
                "--read-timeout",
                "TRAINJOB_READ_TIMEOUT",
                profile,
                "readTimeout",
                http.readTimeout());
        Duration call = timeout(
                env,
                flags.callTimeout,
                "--call-timeout",
                "TRAINJOB_CALL_TIMEOUT",
                profile,
                "callTimeout",
                http.callTimeout());
        return settings.withHttp(http.withTimeouts(connect, read, call));
    }

    private static Duration timeout(
            CliEnvironment env,
            Duration flag,
            String option,
            String variable,
            Profile profile,
            String key,
            Duration fallback) {
        if (flag != null) {
            return flag;
        }
        String text = env.variable(variable);
        String where = variable;
        if (text == null) {
            text = profile.get(key);
            where = profile.source() + ": " + key;
        }
        if (text == null) {
            return fallback;
        }
        try {
            return DurationInput.parse(where, text.trim());
        } catch (InvalidInputException e) {
            throw CliException.invalidInput(e.getMessage() + " (" + option + ")");
        }
    }

    /**
     * Where a connection setting can be given, for the hint after core's rule: the flag, the variable and
     * the profile key of the setting the problem names.
     */
    public static String whereToSet(String field) {
        String flag =
                switch (field) {
                    case "resourcePool" -> "resource-pool";
                    case "resourceGroup" -> "resource-group";
                    default -> field;
                };
        String variable = "TRAINJOB_" + flag.replace('-', '_').toUpperCase(Locale.ROOT);
        if (field.equals("region")) {
            return "--region or --endpoint, TRAINJOB_REGION or TRAINJOB_ENDPOINT, or region: in the profile";
        }
        return "--" + flag + ", " + variable + " or " + field + ": in the profile";
    }

    static PlatformKind platform(
            CliEnvironment env, ConnectionOptions flags, PlatformKind specPlatform, Profile profile) {
        if (flags.platform != null) {
            PlatformKind flagged = parsePlatform("--platform", flags.platform);
            if (specPlatform != null && specPlatform != flagged) {
                throw CliException.invalidInput(
                        "--platform " + flagged.id() + " contradicts the spec's platform: " + specPlatform.id());
            }
            return flagged;
        }
        if (specPlatform != null) {
            return specPlatform;
        }
        String fromEnv = env.variable("TRAINJOB_PLATFORM");
        if (fromEnv != null) {
            return parsePlatform("TRAINJOB_PLATFORM", fromEnv);
        }
        String fromProfile = profile.get("platform");
        if (fromProfile != null) {
            return parsePlatform(profile.source() + ": platform", fromProfile);
        }
        throw CliException.invalidInput(
                "no platform: set --platform aihc|sensecore (or TRAINJOB_PLATFORM, or " + "platform: in the profile)");
    }

    private static PlatformKind parsePlatform(String where, String value) {
        try {
            return PlatformKind.fromId(value);
        } catch (InvalidInputException e) {
            throw CliException.invalidInput(where + ": " + e.getMessage());
        }
    }

    private static String pick(CliEnvironment env, String flag, String variable, Profile profile, String key) {
        if (flag != null && !flag.isBlank()) {
            return flag.trim();
        }
        String v = env.variable(variable);
        return v != null ? v.trim() : profile.get(key);
    }
}
