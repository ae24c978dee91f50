/**
 * The Baidu AIHC client: the BCE v1 request signer, the job, pool and diagnosis calls, and the readers
 * that turn AIHC's JSON into the platform API's values. The signer and wire readers are public because the
 * simulator speaks the same wire format in lock-step. May import {@code core.platform},
 * {@code core.internal.http}, {@code core.spec} and {@code core.text}.
 */
package io.jenkins.plugins.trainingjob.core.platform.aihc;
