/**
 * Where to connect and with which credentials: the connection flags, {@code TRAINJOB_*} variables and the
 * profile file turned into core's {@code ConnectionSettings} ({@code ConnectionResolver}), the credential
 * sources (never the command line), and finding an existing job with a client of its platform. Secrets
 * never reach a message. May import core's public packages, the CLI root's vocabulary,
 * {@code cli.terminal} and {@code cli.output}.
 */
package io.jenkins.plugins.trainingjob.cli.connection;
