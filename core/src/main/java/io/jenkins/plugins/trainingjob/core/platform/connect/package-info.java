/**
 * Builds the client for a connection: the one place that knows which class serves which platform. Sits
 * above both clients so that {@code core.platform} itself never names one. May import
 * {@code core.platform}, {@code core.platform.aihc}, {@code core.platform.sensecore} and {@code core.spec}.
 */
package io.jenkins.plugins.trainingjob.core.platform.connect;
