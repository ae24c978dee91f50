/**
 * Renders a {@link io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport} as text, Markdown, HTML,
 * JSON or JUnit XML ({@link io.jenkins.plugins.trainingjob.core.report.ReportFormat}): deterministic
 * output, remote strings escaped for each format; {@code ReportJson} also reads a saved report back, or a
 * saved AIHC diagnosis response (with AIHC's parser, its one use of a client package). May import
 * {@code core.diagnosis}, {@code core.platform}, {@code core.spec} and {@code core.text}.
 */
package io.jenkins.plugins.trainingjob.core.report;
