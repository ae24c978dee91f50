/**
 * {@code trainjob}, the command-line front end of core (picocli). This root package holds the entry
 * ({@link io.jenkins.plugins.trainingjob.cli.TrainJob}, which lists the commands) and the vocabulary every
 * sub-package shares: the exit codes ({@link io.jenkins.plugins.trainingjob.cli.ExitCode}),
 * {@code CliException}, {@code CliEnvironment} and the duration option syntax. The commands are in
 * {@code cli.command}, the streams and Ctrl-C handling in {@code cli.terminal}, the printers in
 * {@code cli.output}, the connection settings in {@code cli.connection}. May import core's public
 * packages (never {@code core.internal}, an architecture test checks) and its own sub-packages; knows
 * nothing of Jenkins.
 */
package io.jenkins.plugins.trainingjob.cli;
