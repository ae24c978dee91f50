/**
 * The SenseCore ACP client: the HMAC request signer, the training-job calls, and the evidence it gathers
 * for a diagnosis (SenseCore has no diagnosis call; events, workers and queue capacity stand in). The
 * signer and the job document are public because the simulator speaks the same wire format. May import
 * {@code core.platform}, {@code core.internal.http}, {@code core.spec} and {@code core.text}.
 */
package io.jenkins.plugins.trainingjob.core.platform.sensecore;
