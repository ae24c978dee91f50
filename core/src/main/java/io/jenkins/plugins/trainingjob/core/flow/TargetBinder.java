package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;

/**
 * How a front end turns a fallback target into a client and a spec: a profile in the CLI, a Jenkins
 * connection in the step. The flow binds every target before anything is created, on the caller's thread,
 * so a target that cannot be bound is refused with the rest of the input.
 */
@FunctionalInterface
public interface TargetBinder {

    /** A submit without fallback targets binds none. */
    TargetBinder NONE = target -> {
        throw new IllegalStateException("no fallback target to bind: " + target);
    };

    /**
     * @return the target ready to submit to: its number and label as {@code target} has them, the client of
     *     its connection, the spec as sent there ({@link FallbackTarget#applyTo}), the monitor's key for it
     * @throws InvalidInputException naming the target's field when it cannot be bound (an unknown profile or
     *     connection, another platform, variables that break the spec)
     */
    BoundTarget bind(FallbackTarget target);
}
