package io.jenkins.plugins.trainingjob.core.spec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;

/**
 * Job specs for tests that build a create body themselves: the body is read into the platform's typed spec
 * the way the loader reads it, but never validated, so a test can send a body the loader would refuse
 * (a client or simulator test checks what the platform answers to it). Production code loads specs with
 * {@link JobSpecLoader}, which validates.
 */
public final class UncheckedSpecs {

    private UncheckedSpecs() {}

    /** {@code body} (without {@code platform}) as {@code platform}'s spec; reading problems are ignored. */
    public static JobSpec of(PlatformKind platform, ObjectNode body) {
        ObjectNode copy = body.deepCopy();
        ReadContext ignored = new ReadContext(Set.of());
        return switch (platform) {
            case AIHC -> AihcJobSpec.read(copy, ignored);
            case SENSECORE -> SenseCoreJobSpec.read(copy, ignored);
        };
    }
}
