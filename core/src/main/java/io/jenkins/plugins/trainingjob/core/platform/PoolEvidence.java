package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;

/**
 * What one platform's inventory holds beyond what every pool has (totals, nodes, queue): the part of
 * {@link PoolInventory} that differs per platform, as {@link PlatformTarget} is for a connection. A new
 * platform adds one record here instead of lists to every inventory.
 */
public sealed interface PoolEvidence permits AihcPoolEvidence, SenseCorePoolEvidence {

    PlatformKind platform();
}
