/**
 * The SenseCore ACP client: the HMAC request signer, the training-job calls, and the evidence it gathers
 * for a diagnosis (SenseCore has no diagnosis call; events, workers and queue capacity stand in). Besides
 * the client (built by {@code core.platform.connect} and by tests), the public types and who needs them:
 * {@code SenseCoreHmacSigner} because the simulator checks signatures in lock-step;
 * {@code SenseCoreJobName} because the CLI's {@code submit} names the command that finds an uncertain
 * create's job; {@code TrainingJobDocument} because {@code bench} measures list-page parsing. May import
 * {@code core.platform}, {@code core.internal.http}, {@code core.spec}, {@code core.text} and {@code core.time}.
 */
package io.jenkins.plugins.trainingjob.core.platform.sensecore;
