/**
 * How long a pending job will wait: a queue's recent jobs read into wait and run-time distributions
 * ({@link io.jenkins.plugins.trainingjob.core.eta.QueueHistory}, read by
 * {@link io.jenkins.plugins.trainingjob.core.eta.HistoryReader} and shared per poll round by
 * {@link io.jenkins.plugins.trainingjob.core.eta.HistoryCache}), and the estimate built from the waits of
 * the job's size class, the time it has already waited and the line ahead of it
 * ({@link io.jenkins.plugins.trainingjob.core.eta.EtaEstimator}, a pure function giving an
 * {@link io.jenkins.plugins.trainingjob.core.eta.Eta}). May import {@code core.diagnosis},
 * {@code core.platform}, {@code core.spec}, {@code core.text} and {@code core.time}.
 */
package io.jenkins.plugins.trainingjob.core.eta;
