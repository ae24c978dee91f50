/**
 * The CLI's two streams and its signals: {@code Terminal} (results on stdout as text or one JSON
 * envelope, progress on stderr), the live status line, and what Ctrl-C or SIGTERM does while a command
 * waits or submits ({@code InterruptNote} before a command's own handler, {@code ForegroundSigint},
 * the {@code ShutdownHookInterrupts} signal), and the shape of every JSON document ({@code JsonEnvelope}). Just
 * above the CLI root's vocabulary: may import core's public packages and the root, no other CLI package.
 */
package io.jenkins.plugins.trainingjob.cli.terminal;
