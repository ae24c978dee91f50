package io.jenkins.plugins.trainingjob.simulator.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Instant;
import java.util.List;

/**
 * An immutable snapshot of a job, taken under the cluster lock and serialised outside it.
 *
 * @param queuePosition 1-based position among the queue's waiting jobs in scheduling order; {@code null}
 *     unless queued
 */
public record JobView(
        PlatformKind platform,
        String id,
        String name,
        String uid,
        String queue,
        String priority,
        JobState state,
        Instant createdAt,
        Instant startedAt,
        Instant finishedAt,
        Integer queuePosition,
        List<Pod.PodView> pods,
        int exitCode,
        JsonNode spec,
        String quotaOwner,
        boolean spot,
        int devices) {}
