/**
 * Renders the reports as text, Markdown, HTML, JSON or JUnit XML
 * ({@link io.jenkins.plugins.trainingjob.core.report.ReportFormat}): the diagnosis report
 * ({@link io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport}) and the short report of any other
 * outcome ({@link io.jenkins.plugins.trainingjob.core.report.OutcomeSummary}), with deterministic output and
 * one escaping of remote strings per format ({@code RemoteText}); {@code ReportJson} also reads a saved
 * report back, or a saved AIHC diagnosis response (with AIHC's parser, its one use of a client package).
 * Also the attempts of a submit ({@code Attempt}, persisted in saved builds, so it stays here). May import
 * {@code core.outcome}, {@code core.snapshot}, {@code core.eta}, {@code core.diagnosis}, {@code core.platform},
 * {@code core.spec} and {@code core.text}.
 */
package io.jenkins.plugins.trainingjob.core.report;
