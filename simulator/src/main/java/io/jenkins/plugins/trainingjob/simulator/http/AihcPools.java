package io.jenkins.plugins.trainingjob.simulator.http;

import io.jenkins.plugins.trainingjob.core.platform.AihcManagedPools;
import io.jenkins.plugins.trainingjob.simulator.cluster.SchedulingQueue;
import java.util.Map;

/**
 * AIHC's resource pools by id (pool id → queue name → scheduling queue), and the two checks every
 * pool-scoped call makes: the pool exists, and a managed pool's call names its queue.
 */
final class AihcPools {

    private final Map<String, Map<String, SchedulingQueue>> pools;

    AihcPools(Map<String, Map<String, SchedulingQueue>> pools) {
        this.pools = pools;
    }

    /** The queues of pool {@code poolId}; refused when the call names none or an unknown one. */
    Map<String, SchedulingQueue> queues(String poolId) {
        if (poolId == null || poolId.isBlank()) {
            throw new ApiException(400, "InvalidParameter", "Invalid parameter: resourcePoolId is required");
        }
        Map<String, SchedulingQueue> queues = pools.get(poolId);
        if (queues == null) {
            throw new ApiException(404, "ResourcePoolNotFound", "resource pool " + poolId + " not found");
        }
        return queues;
    }

    /** The {@code queueID} of a call on a managed pool (required), else {@code null}. */
    static String managedQueueId(HttpCall call, String poolId) {
        if (!AihcManagedPools.isManaged(poolId)) {
            return null;
        }
        String queueId = call.query("queueID");
        if (queueId == null || queueId.isBlank()) {
            // bce-sdk-go's own words for this rule
            throw new ApiException(
                    400,
                    "InvalidParameter",
                    "Invalid parameter: bhcmp cluster or serverless cluster must be set queueID");
        }
        return queueId;
    }
}
