/**
 * Waits and orchestrates: the shared {@link io.jenkins.plugins.trainingjob.core.monitor.JobMonitor} that
 * polls every watched job, times out a pending one, fetches and analyses its diagnosis, and reports an
 * {@link io.jenkins.plugins.trainingjob.core.monitor.Outcome}; also the idempotent submit, pre-flight and
 * clean-up flows both front ends run, and the small durable state a Jenkins step persists. The top of
 * core: may import every other core package; only the front ends import it.
 */
package io.jenkins.plugins.trainingjob.core.monitor;
