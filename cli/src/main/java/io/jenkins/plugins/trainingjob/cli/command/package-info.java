/**
 * The {@code trainjob} commands, one class each, with their root {@code TrainJob} (the entry: it lists
 * the commands, holds the global options and maps a failure to its exit code and JSON document), and the
 * helpers only commands use (following a job, {@code status --watch}, the spec and wait options, the
 * pre-flight step, the embedded simulator's clock, argument errors, the version). Translates options into
 * core calls. The top of the CLI: may import core's public packages and every other CLI package; no CLI
 * package imports it.
 */
package io.jenkins.plugins.trainingjob.cli.command;
