package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;

/**
 * Finds the client of a connection id. Watches hold ids, not clients, so their state stays durable and
 * free of secrets.
 */
@FunctionalInterface
public interface PlatformResolver {
    /** @throws IllegalArgumentException when the id names no connection */
    TrainingPlatform resolve(String connectionId);
}
