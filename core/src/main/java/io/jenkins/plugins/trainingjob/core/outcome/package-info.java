/**
 * How a wait ended, as values every front end presents the same way: the closed
 * {@link io.jenkins.plugins.trainingjob.core.outcome.Outcome} with its kind and one-line message (worded in
 * {@link io.jenkins.plugins.trainingjob.core.outcome.JobLine}'s format), what it means for a pipeline
 * ({@link io.jenkins.plugins.trainingjob.core.outcome.OutcomeClass}: the CLI's exit code, the words of a
 * Jenkins failure), why a job failed ({@code JobFailure}) and what its log gave at the end ({@code JobOutputs},
 * {@code LogTail}), each with the one document the CLI's JSON and the steps' return maps adapt. Results, not
 * the engine that produces them ({@code core.monitor}) nor their reports ({@code core.report}, which renders
 * them). May import {@code core.snapshot}, {@code core.eta}, {@code core.diagnosis}, {@code core.platform},
 * {@code core.spec} and {@code core.text}.
 */
package io.jenkins.plugins.trainingjob.core.outcome;
