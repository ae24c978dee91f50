/**
 * {@code trainjob}, the command-line front end of core (picocli). This root package is the bottom of the
 * CLI: the vocabulary every sub-package shares, the exit codes
 * ({@link io.jenkins.plugins.trainingjob.cli.ExitCode}), {@code CliException}, {@code CliEnvironment} and the
 * {@code InterruptSignal} it carries, and the duration option syntax. The entry, {@code TrainJob} (the
 * picocli root, which lists the commands), is a command in {@code cli.command}; the streams and Ctrl-C
 * handling are in {@code cli.terminal}, the printers in {@code cli.output}, the connection settings in
 * {@code cli.connection}. May import core's public packages (never {@code core.internal}, an architecture
 * test checks) and no CLI package; knows nothing of Jenkins.
 */
package io.jenkins.plugins.trainingjob.cli;
