package io.jenkins.plugins.trainingjob.cli.connection;

import io.jenkins.plugins.trainingjob.cli.CliEnvironment;
import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.util.List;

/**
 * Finds the access key and secret, never on the command line. First match wins:
 * <ol>
 * <li>{@code TRAINJOB_ACCESS_KEY} + {@code TRAINJOB_SECRET_KEY} (+ {@code TRAINJOB_SECURITY_TOKEN});</li>
 * <li>the platform's usual names: AIHC {@code BCE_ACCESS_KEY_ID} + {@code BCE_SECRET_ACCESS_KEY}
 * (+ {@code BCE_SESSION_TOKEN}), as the BCE SDKs read them; SenseCore {@code SENSECORE_ACCESS_KEY_ID} +
 * {@code SENSECORE_ACCESS_KEY_SECRET} (SenseCore has no SDK convention; these follow its console's
 * "AccessKey ID / AccessKey Secret");</li>
 * <li>{@code accessKey} + {@code secretKey} (+ {@code securityToken}) of the profile file.</li>
 * </ol>
 * Half a pair is an error rather than a silent fall-through, so keys of two accounts are never mixed.
 */
final class CredentialSources {

    /** An environment pair: key, secret, optional token. */
    record EnvironmentPair(String accessKey, String secretKey, String token) {}

    static final EnvironmentPair TRAINJOB =
            new EnvironmentPair("TRAINJOB_ACCESS_KEY", "TRAINJOB_SECRET_KEY", "TRAINJOB_SECURITY_TOKEN");

    private CredentialSources() {}

    static List<EnvironmentPair> environmentPairs(PlatformKind platform) {
        return switch (platform) {
            case AIHC ->
                List.of(
                        TRAINJOB,
                        new EnvironmentPair("BCE_ACCESS_KEY_ID", "BCE_SECRET_ACCESS_KEY", "BCE_SESSION_TOKEN"));
            case SENSECORE ->
                List.of(TRAINJOB, new EnvironmentPair("SENSECORE_ACCESS_KEY_ID", "SENSECORE_ACCESS_KEY_SECRET", null));
        };
    }

    static Credentials resolve(CliEnvironment env, PlatformKind platform, Profile profile) {
        for (EnvironmentPair pair : environmentPairs(platform)) {
            String key = env.variable(pair.accessKey());
            String secret = env.variable(pair.secretKey());
            if (key != null && secret != null) {
                return Credentials.of(key, secret, pair.token() == null ? null : env.variable(pair.token()));
            }
            if (key != null || secret != null) {
                throw CliException.invalidInput((key != null ? pair.accessKey() : pair.secretKey()) + " is set but "
                        + (key != null ? pair.secretKey() : pair.accessKey()) + " is not: set both, or neither");
            }
        }
        String key = profile.get("accessKey");
        String secret = profile.get("secretKey");
        if (key != null && secret != null) {
            return Credentials.of(key, secret, profile.get("securityToken"));
        }
        if (key != null || secret != null) {
            throw CliException.invalidInput(profile.source() + ": " + (key != null ? "accessKey" : "secretKey")
                    + " is set but " + (key != null ? "secretKey" : "accessKey") + " is not: set both");
        }
        EnvironmentPair native_ = environmentPairs(platform).get(1);
        throw CliException.invalidInput("no credentials for " + platform.displayName() + ": set TRAINJOB_ACCESS_KEY"
                + " and TRAINJOB_SECRET_KEY (or " + native_.accessKey() + " and " + native_.secretKey()
                + ") in the environment, or accessKey and secretKey in "
                + "~/.config/trainjob/config.yaml (chmod 600)");
    }
}
