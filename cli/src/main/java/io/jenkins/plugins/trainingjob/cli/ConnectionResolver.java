package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.PlatformKind;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * Turns flags, {@code TRAINJOB_*} variables and the profile file into {@link ConnectionSettings}. For
 * each setting the flag wins, then the variable ({@code --resource-pool} ↔ {@code TRAINJOB_RESOURCE_POOL}),
 * then the profile ({@code resourcePool}).
 */
final class ConnectionResolver {

    private ConnectionResolver() {
    }

    /**
     * @param specPlatform the platform a spec file names, or {@code null} when the command has no spec
     */
    static ConnectionSettings resolve(CliEnvironment env, ConnectionOptions flags, PlatformKind specPlatform) {
        String profileName = flags.profile != null ? flags.profile : env.variable("TRAINJOB_PROFILE");
        Profile profile = ProfileFile.load(env, profileName);
        PlatformKind platform = platform(env, flags, specPlatform, profile);

        String endpoint = pick(env, flags.endpoint, "TRAINJOB_ENDPOINT", profile, "endpoint");
        String region = pick(env, flags.region, "TRAINJOB_REGION", profile, "region");
        URI endpointUri = endpoint == null ? null : endpoint(endpoint);
        if (endpointUri == null && region == null) {
            throw CliException.invalidInput("no region or endpoint for " + platform.displayName()
                    + ": set --region or --endpoint (or TRAINJOB_REGION / TRAINJOB_ENDPOINT, or region: in the profile)");
        }
        Credentials credentials = CredentialSources.resolve(env, platform, profile);
        return switch (platform) {
            case AIHC -> ConnectionSettings.aihc(endpointUri, region, credentials,
                    pick(env, flags.resourcePool, "TRAINJOB_RESOURCE_POOL", profile, "resourcePool"),
                    pick(env, flags.queue, "TRAINJOB_QUEUE", profile, "queue"));
            case SENSECORE -> {
                String zone = pick(env, flags.zone, "TRAINJOB_ZONE", profile, "zone");
                if (zone == null && region != null) {
                    zone = region + "z"; // the workspace zone is the region plus "z" (cn-sh-01 -> cn-sh-01z)
                }
                yield ConnectionSettings.senseCore(endpointUri, region, credentials,
                        pick(env, flags.subscription, "TRAINJOB_SUBSCRIPTION", profile, "subscription"),
                        pick(env, flags.resourceGroup, "TRAINJOB_RESOURCE_GROUP", profile, "resourceGroup"),
                        zone,
                        pick(env, flags.workspace, "TRAINJOB_WORKSPACE", profile, "workspace"));
            }
        };
    }

    static PlatformKind platform(CliEnvironment env, ConnectionOptions flags, PlatformKind specPlatform, Profile profile) {
        if (flags.platform != null) {
            PlatformKind flagged = parsePlatform("--platform", flags.platform);
            if (specPlatform != null && specPlatform != flagged) {
                throw CliException.invalidInput("--platform " + flagged.id() + " contradicts the spec's platform: "
                        + specPlatform.id());
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
        throw CliException.invalidInput("no platform: set --platform aihc|sensecore (or TRAINJOB_PLATFORM, or "
                + "platform: in the profile)");
    }

    private static PlatformKind parsePlatform(String where, String value) {
        try {
            return PlatformKind.fromId(value);
        } catch (IllegalArgumentException e) {
            throw CliException.invalidInput(where + ": " + e.getMessage());
        }
    }

    private static URI endpoint(String value) {
        try {
            URI uri = new URI(value.trim());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null) {
                return uri;
            }
        } catch (URISyntaxException e) {
            // reported below
        }
        throw CliException.invalidInput("endpoint '" + value + "' is not an http(s) URL, e.g. https://aihc.bj.baidubce.com");
    }

    private static String pick(CliEnvironment env, String flag, String variable, Profile profile, String key) {
        if (flag != null && !flag.isBlank()) {
            return flag.trim();
        }
        String v = env.variable(variable);
        return v != null ? v.trim() : profile.get(key);
    }
}
