package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A Baidu AIHC target: the resource pool every call names, and the queue. The queue is optional on a
 * self-managed pool and required on a managed one ({@link AihcManagedPools}), whose every call names it
 * as {@code queueID}. Either may be {@code null} (not set); {@link #problems()} says what is missing.
 */
public record AihcTarget(String resourcePoolId, String queue) implements PlatformTarget {

    /**
     * Baidu AIHC region codes and their hosts. Sources: bce-openapi-meta {@code schema/products.json}, product
     * {@code aihc} (commit 11913e3, endpoints bd, bj, fwh, gz, su, yq), matching the "服务域名" doc page
     * cloud.baidu.com/doc/AIHC/s/amaz0nqs7; bce-sdk-go {@code doc/AIHC.md} (commit 6916310, "访问区域": bj, gz,
     * su, hkg, fwh, bd), which adds hkg. The names are long or city names users write for a code (the
     * console says 北京, others write cn-beijing).
     */
    static final KnownRegions REGIONS = new KnownRegions(
            PlatformKind.AIHC,
            List.of("bd", "bj", "fwh", "gz", "hkg", "su", "yq"),
            "aihc.%s.baidubce.com",
            Map.ofEntries(
                    Map.entry("beijing", "bj"),
                    Map.entry("guangzhou", "gz"),
                    Map.entry("suzhou", "su"),
                    Map.entry("baoding", "bd"),
                    Map.entry("wuhan", "fwh"),
                    Map.entry("yangquan", "yq"),
                    Map.entry("hongkong", "hkg"),
                    Map.entry("hk", "hkg"),
                    Map.entry("wh", "fwh")));

    @Override
    public PlatformKind platform() {
        return PlatformKind.AIHC;
    }

    @Override
    public String defaultQueue() {
        return queue;
    }

    @Override
    public String scope() {
        return resourcePoolId;
    }

    @Override
    public List<ConnectionProblem> problems() {
        List<ConnectionProblem> problems = new ArrayList<>();
        setting("resourcePool", resourcePoolId).ifPresent(problems::add);
        queueRule(resourcePoolId, queue).ifPresent(problems::add);
        return problems;
    }

    @Override
    public URI regionEndpoint(String region) {
        return REGIONS.endpoint(region);
    }

    /** The same pool, another queue (a fallback target). */
    AihcTarget withQueue(String newQueue) {
        return new AihcTarget(resourcePoolId, newQueue);
    }

    /** Another resource pool, the same queue (a fallback target). */
    AihcTarget withResourcePool(String newResourcePoolId) {
        return new AihcTarget(newResourcePoolId, queue);
    }

    /** The rule of one AIHC setting on its own: only {@code resourcePool} is required in every case. */
    static Optional<ConnectionProblem> setting(String field, String value) {
        if (!field.equals("resourcePool") || !PlatformTarget.isBlank(value)) {
            return Optional.empty();
        }
        return Optional.of(new ConnectionProblem(
                field,
                "required for " + PlatformKind.AIHC.displayName() + " (the resource pool id, e.g. cce-xxxxxxxx)"));
    }

    /** The rule of the queue given the pool: required for a managed pool, optional otherwise. */
    static Optional<ConnectionProblem> queueRule(String resourcePool, String queue) {
        if (!AihcManagedPools.isManaged(resourcePool) || !PlatformTarget.isBlank(queue)) {
            return Optional.empty();
        }
        return Optional.of(
                new ConnectionProblem(
                        "queue",
                        "required for resource pool " + resourcePool.trim()
                                + ": every call on a managed pool names the queue (sent as queueID; the queue id, e.g. aihcq-xxxxxxxx)"));
    }
}
