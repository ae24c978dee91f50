/**
 * The {@code trainjob} commands, one class each, and the helpers only commands use (following a job,
 * {@code status --watch}, the spec and wait options, the pre-flight step, the embedded simulator's
 * clock). Translates options into core calls. The top of the CLI: may import core's public packages and
 * every other CLI package; only {@code TrainJob} in the root imports it.
 */
package io.jenkins.plugins.trainingjob.cli.command;
