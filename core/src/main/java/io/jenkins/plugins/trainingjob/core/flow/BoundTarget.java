package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;

/**
 * One target of a submit, bound by a front end ({@link TargetBinder}) and ready to submit to: the client,
 * the spec rendered for it and the monitor's key for its connection. A value the front ends make; the
 * flow alone decides what to do with it.
 *
 * @param number 1 for the primary, then the fallbacks in the given order
 * @param label the target in the user's words ({@code primary}, {@code queue=spot})
 * @param connectionId the monitor's key for {@code platform}'s connection
 */
public record BoundTarget(int number, String label, TrainingPlatform platform, JobSpec spec, String connectionId) {}
