package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;

/**
 * Baidu AIHC adds nothing to the common inventory: its pool totals, nodes and queue are the parts every
 * platform may have. The record names the platform, so that an inventory always says whose it is.
 */
public record AihcPoolEvidence() implements PoolEvidence {

    @Override
    public PlatformKind platform() {
        return PlatformKind.AIHC;
    }
}
