/**
 * The flows both front ends run around a watch: the idempotent submit
 * ({@link io.jenkins.plugins.trainingjob.core.flow.IdempotentSubmitter}), the pre-flight check and its mode
 * ({@link io.jenkins.plugins.trainingjob.core.flow.Preflight}), and the clean-up after a failed outcome
 * ({@link io.jenkins.plugins.trainingjob.core.flow.FailureCleanup}). Kept apart from the watch engine in
 * {@code core.monitor} so the engine reads as one idea. The top of core: may import every other core
 * package, {@code core.monitor} included; the engine never imports a flow, and only the front ends
 * import this package.
 */
package io.jenkins.plugins.trainingjob.core.flow;
