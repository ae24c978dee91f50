/**
 * Renders a {@link io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport} as text, Markdown, HTML,
 * JSON or JUnit XML ({@link io.jenkins.plugins.trainingjob.core.report.ReportFormat}): deterministic
 * output, remote strings escaped for each format. May import {@code core.diagnosis},
 * {@code core.platform}, {@code core.spec} and {@code core.text}.
 */
package io.jenkins.plugins.trainingjob.core.report;
