/**
 * What the CLI prints and writes after a wait: the outcome's line and exit code
 * ({@code OutcomePrinter}), a report to stdout or a file ({@code ReportOutput}, {@code ReportFiles}). May
 * import core's public packages, the CLI root's vocabulary and {@code cli.terminal}.
 */
package io.jenkins.plugins.trainingjob.cli.output;
