/**
 * The Jenkins glue shared by the steps: connections ({@code aihc(...)}, {@code senseCore(...)}) and their
 * credentials, the global configuration, and the controller-wide service that owns the shared job monitor
 * and closes it at shutdown. Translates Jenkins fields into core values; every platform decision is made
 * in core. Uses core's public packages only, never {@code core.internal} (an architecture test checks).
 */
package io.jenkins.plugins.trainingjob;
