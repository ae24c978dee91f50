/**
 * The platform API both clients implement: {@link io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform}
 * (submit, status, cancel, logs, schedule diagnosis, pool inventory), its value types (job references,
 * status, raw diagnosis, inventory), connection settings and credentials, and the one closed hierarchy of
 * {@link io.jenkins.plugins.trainingjob.core.platform.PlatformException}s. Knows no client: the
 * implementations live in {@code platform.aihc} and {@code platform.sensecore}, and
 * {@code platform.connect} picks one. May import {@code core.text}, {@code core.time} and {@code core.spec}.
 */
package io.jenkins.plugins.trainingjob.core.platform;
