/**
 * The pipeline steps {@code submitTrainingJob} and {@code awaitScheduleDiagnosis} and the freestyle build
 * step: each a small immutable description plus an execution that registers a watch with the shared
 * monitor and turns its outcome into the step's result. Blocking work runs off the CPS thread; the
 * executions persist ids and core's small durable watch state only. May import the plugin's root and
 * {@code report} packages and core's public packages.
 */
package io.jenkins.plugins.trainingjob.steps;
