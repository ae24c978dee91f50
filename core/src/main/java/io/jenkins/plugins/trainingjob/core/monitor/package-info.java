/**
 * The watch engine: the shared {@link io.jenkins.plugins.trainingjob.core.monitor.JobMonitor} that polls
 * every watched job, times out a pending one, fetches and analyses its diagnosis, reads the end of a job's
 * log ({@code WorkerLogReader}) and reports an {@link io.jenkins.plugins.trainingjob.core.outcome.Outcome}
 * (the values of {@code core.outcome}); also the small durable state a Jenkins step persists
 * ({@code WatchPolicy}, {@code WaitTarget}, {@code WaitMode}, {@code WatchState}: their names are in saved
 * builds, so they stay in this package). May import every core package below it; the flows in
 * {@code core.flow} and the front ends import it, it imports no flow.
 */
package io.jenkins.plugins.trainingjob.core.monitor;
