package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.util.List;

/**
 * SenseCore ACP's part of an inventory: the resource specs the pool offers and the workspace's pool
 * bindings (reserved quota and spot allowance). SenseCore's API lists no nodes, so these are what a
 * pre-flight has to go on.
 */
public record SenseCorePoolEvidence(
        List<SenseCoreEvidence.ResourceSpec> specs, List<SenseCoreEvidence.PoolBinding> bindings)
        implements PoolEvidence {

    /** Nothing read: what the SenseCore rules see when an inventory is not SenseCore's. */
    public static final SenseCorePoolEvidence NONE = new SenseCorePoolEvidence(List.of(), List.of());

    public SenseCorePoolEvidence {
        specs = specs == null ? List.of() : List.copyOf(specs);
        bindings = bindings == null ? List.of() : List.copyOf(bindings);
    }

    @Override
    public PlatformKind platform() {
        return PlatformKind.SENSECORE;
    }

    /** The SenseCore part of {@code inventory}, or {@link #NONE} when the inventory is another platform's. */
    public static SenseCorePoolEvidence of(PoolInventory inventory) {
        return inventory.evidence() instanceof SenseCorePoolEvidence s ? s : NONE;
    }
}
