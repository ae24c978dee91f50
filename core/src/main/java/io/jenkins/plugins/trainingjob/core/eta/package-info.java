/**
 * How long a pending job will wait: a queue's recent jobs read into wait and run-time distributions
 * ({@link io.jenkins.plugins.trainingjob.core.eta.QueueHistory}, read by
 * {@link io.jenkins.plugins.trainingjob.core.eta.HistoryReader} and shared per poll round by
 * {@link io.jenkins.plugins.trainingjob.core.eta.HistoryCache}), and the estimate built from the waits of
 * the job's size class (the other sizes as a small prior), the time it has already waited and the line ahead
 * of it, its range calibrated by how the estimates for past jobs of the same age came out
 * ({@link io.jenkins.plugins.trainingjob.core.eta.EtaEstimator}, a pure function giving an
 * {@link io.jenkins.plugins.trainingjob.core.eta.Eta}; what the estimates on one history share, it computes
 * once per history and age). May import {@code core.diagnosis},
 * {@code core.platform}, {@code core.spec} and {@code core.text}.
 */
package io.jenkins.plugins.trainingjob.core.eta;
