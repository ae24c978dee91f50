/**
 * The CLI's two streams and its signals: {@code Terminal} (results on stdout as text or one JSON
 * envelope, progress on stderr), the live status line, and what Ctrl-C or SIGTERM does while a command
 * waits or submits ({@code InterruptGuard}, {@code SubmitGuard}, {@code ForegroundSigint},
 * {@code InterruptSignal}). The bottom of the CLI: may import core's public packages and the CLI root's
 * vocabulary, no other CLI package.
 */
package io.jenkins.plugins.trainingjob.cli.terminal;
