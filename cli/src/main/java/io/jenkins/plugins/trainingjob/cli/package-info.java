/**
 * {@code trainjob}, the command-line front end of core (picocli): one class per command, the mapping of
 * outcomes and errors to exit codes ({@link io.jenkins.plugins.trainingjob.cli.ExitCode}), and the
 * {@code demo} and {@code simulator} commands that run the embedded simulator. Translates options into
 * core calls and prints what core words; it uses core's public packages only, never
 * {@code core.internal} (an architecture test checks), and knows nothing of Jenkins.
 */
package io.jenkins.plugins.trainingjob.cli;
