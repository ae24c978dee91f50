package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * What a connection aims at on one platform: the part of {@link ConnectionSettings} that differs per
 * platform (AIHC: a resource pool and queue; SenseCore: the four names of a workspace). Each target knows
 * its own fields' rules and its region's public host, so a new platform adds one target instead of
 * columns to every connection and cases to the validator.
 */
public sealed interface PlatformTarget permits AihcTarget, SenseCoreTarget {

    PlatformKind platform();

    /** What breaks the rules of this target's fields, named as users set them; empty when usable. */
    List<ConnectionProblem> problems();

    /**
     * The queue a job goes to when its spec names none, or {@code null} when the platform has no
     * connection-level queue (SenseCore: the job's pool is in its spec).
     */
    String defaultQueue();

    /** What this target's calls are scoped to (AIHC: the resource pool; SenseCore: the workspace), or null. */
    String scope();

    /** The platform's public API host for {@code region} (trimmed), used when no endpoint is set. */
    URI regionEndpoint(String region);

    /**
     * The rule of one setting of {@code platform} on its own, for a form that checks field by field:
     * empty when the value is set or the platform does not have the setting.
     */
    static Optional<ConnectionProblem> setting(PlatformKind platform, String field, String value) {
        return switch (platform) {
            case AIHC -> AihcTarget.setting(field, value);
            case SENSECORE -> SenseCoreTarget.setting(field, value);
        };
    }

    /** Blank means "not set", as users type settings. */
    static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
