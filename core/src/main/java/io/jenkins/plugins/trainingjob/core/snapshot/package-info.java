/**
 * What made a job's start possible, kept so a later run of the same job can ask "what changed?": the start
 * snapshot ({@link io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot}: the demand, the queue, its
 * nodes, the jobs ahead, the wait), taken from what core already reads
 * ({@link io.jenkins.plugins.trainingjob.core.snapshot.SnapshotCapture}), kept as versioned JSON
 * ({@link io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshotJson}) and compared with a pending job's
 * evidence ({@link io.jenkins.plugins.trainingjob.core.snapshot.SnapshotDiff}) into the report's section
 * {@link io.jenkins.plugins.trainingjob.core.diagnosis.SinceLastStart}. When they are taken and compared is
 * decided once ({@link io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshots}, run by the monitor and the
 * submit flow for every front end); where they are kept and found is the front end's
 * ({@link io.jenkins.plugins.trainingjob.core.snapshot.SnapshotStore}). Above {@code core.eta} because the
 * capture reads the jobs ahead ({@code JobsAhead}); below {@code core.report}, which renders the section
 * without knowing snapshots. May import {@code core.eta}, {@code core.diagnosis}, {@code core.platform},
 * {@code core.spec} and {@code core.text}.
 */
package io.jenkins.plugins.trainingjob.core.snapshot;
