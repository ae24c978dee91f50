package io.jenkins.plugins.trainingjob.core.platform;

import java.util.Set;

/**
 * The AIHC resource pools Baidu runs for its users: the serverless pool and the BHCMP pool. Every job
 * call on them names the queue as the {@code queueID} query parameter, and bce-sdk-go refuses to make
 * one without it ("bhcmp cluster or serverless cluster must be set queueID",
 * {@code services/aihc/resource/client.go}: {@code BHCMP_CLUSTER}, {@code SERVERLESS_CLUSTER}; get, stop,
 * delete, update and list check it, create sends {@code job.Queue}). Self-managed pools ({@code cce-...})
 * take the queue by name in the body, or not at all.
 */
public final class AihcManagedPools {

    public static final Set<String> IDS = Set.of("aihc-serverless", "aihc-bhcmp");

    private AihcManagedPools() {}

    /** True for {@code aihc-serverless} and {@code aihc-bhcmp} (surrounding blanks ignored). */
    public static boolean isManaged(String resourcePool) {
        return resourcePool != null && IDS.contains(resourcePool.trim());
    }
}
