package io.jenkins.plugins.trainingjob;

import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * A connection made ready for one step: the key the monitor resolves it by, and the open client.
 *
 * @param key durable and secret-free; stored in the watch state
 * @param warning a line for the build log about how the connection is made (plain http), or {@code null}
 */
@Restricted(NoExternalUse.class)
public record ConnectionBinding(String key, PlatformKind platform, TrainingPlatform client, String warning) {

    public ConnectionBinding(String key, PlatformKind platform, TrainingPlatform client) {
        this(key, platform, client, null);
    }
}
