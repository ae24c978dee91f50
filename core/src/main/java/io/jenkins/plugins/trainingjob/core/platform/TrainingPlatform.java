package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.util.List;
import java.util.Optional;

/**
 * What a CI needs from a training platform. One instance serves one connection (one AIHC resource pool,
 * or one SenseCore workspace) and is safe for concurrent use. Every method may throw a
 * {@link PlatformException} subclass; idempotent calls have already been retried when it does.
 */
public interface TrainingPlatform extends AutoCloseable {

    PlatformKind kind();

    /** The settings this client was built from (credentials included; they redact themselves). */
    ConnectionSettings settings();

    /**
     * Creates the job. Never retried blindly: when the create times out, the client looks the job up by
     * {@code clientToken} (SenseCore: the job name derived from it; AIHC: a label carrying it) and returns
     * the job it finds, so a job is never submitted twice.
     *
     * @param clientToken a caller-chosen unique token, persisted by the caller before this call
     */
    JobRef submit(JobSpec spec, String clientToken);

    /** Finds a job created by {@link #submit} with this token, e.g. after a restart mid-submit. */
    Optional<JobRef> findSubmitted(JobSpec spec, String clientToken);

    /**
     * The job created with this client token, whatever spec it came from, and whether it came from
     * {@code spec} (AIHC: the token label; SenseCore: the job name derived from the token, or the spec's
     * own name). Clients that cannot tell specs apart answer as {@link #findSubmitted} does.
     */
    default Optional<TokenMatch> findByClientToken(JobSpec spec, String clientToken) {
        return findSubmitted(spec, clientToken).map(job -> new TokenMatch(job, true));
    }

    /**
     * The job created with this client token, without a spec at hand (e.g. {@code trainjob status
     * --client-token}); empty when none is found or the platform cannot look tokens up without a spec.
     */
    default Optional<JobRef> findByClientToken(String clientToken) {
        return Optional.empty();
    }

    /**
     * The jobs this caller created from {@code spec} under any client token, newest first, each with its
     * token: a job counts only on proof that this key created it from this very spec (AIHC: this key's
     * signature on its spec-digest label and its own detail; SenseCore: its own document carries the create
     * body), under a name {@link JobNames} gives the spec. What the look-up could not read is said in
     * {@link JobsOfSpec#notSeen()}, never taken for "no job".
     */
    default JobsOfSpec jobsOfSpec(JobSpec spec) {
        return JobsOfSpec.notLookedFor(
                "jobs of this spec under other client tokens (this client does not list" + " them)");
    }

    JobStatus status(JobRef job);

    /**
     * One page of the statuses of all jobs in this connection's pool or workspace, newest first.
     * {@code pageToken} is {@code null} for the first page. Pages are de-duplicated by job.
     */
    StatusPage listStatuses(String pageToken, int pageSize);

    /** Stops the job (AIHC stop; SenseCore batchStop). Idempotent: stopping a stopped job succeeds. */
    void cancel(JobRef job);

    /**
     * Whether a {@link JobPhase#FAILED} status of this job may be transient and must be read again before a
     * wait ends on it. AIHC: a job with fault tolerance on can read {@code Failed} while the platform
     * restarts it (third-party evidence); no other case is known, hence the default.
     */
    default boolean failureNeedsConfirmation(JobStatus status) {
        return false;
    }

    /**
     * Whether {@code status}, though it reads as ended, says the job is still on its way to stopping (SenseCore
     * {@code SUSPENDING}): a stop is confirmed only once the job has stopped, so nothing new is created while
     * the old job still holds its devices.
     */
    default boolean stillStopping(JobStatus status) {
        return false;
    }

    /** Job events, where the platform has them; an empty list where it does not (SenseCore 403/404). */
    List<JobEvent> events(JobRef job);

    /**
     * Starts a schedule diagnosis. AIHC refuses with {@link DiagnosisPreCheckException} until the job has
     * queued for 5 minutes, or when it is not queued.
     */
    DiagnosisHandle launchDiagnosis(JobRef job);

    /** Fetches the diagnosis; throws {@link DiagnosisNotReadyException} while it is being computed. */
    RawDiagnosis fetchDiagnosis(DiagnosisHandle handle);

    /**
     * The job a diagnosis known only by its id is reported for, when the caller does not know the job. By
     * default the id stands for the job (as id and name): AIHC fetches a diagnosis by its id alone, and a
     * report must name something.
     *
     * @throws InvalidRequestException when this platform cannot fetch a diagnosis without its job
     */
    default JobRef jobOfDiagnosis(String diagnosisId) {
        return new JobRef(kind(), diagnosisId, null);
    }

    /**
     * What the pool has for {@code queue} (AIHC: queue name; SenseCore: pool name): nodes, totals, queue
     * limits, specs and quota, read in pages and bounded (see {@link PoolInventory}). Not cached here; use
     * an {@link InventoryCache} to share one read per poll round.
     *
     * @throws InventoryUnreadableException when the key may not read it or the platform does not serve it;
     *     callers go on without it
     */
    default PoolInventory inventory(String queue) {
        throw InventoryUnreadableException.notReadable(
                kind(), "read pool inventory", "this client does not read pool inventories");
    }

    /**
     * As {@link #inventory}, read now: a client that keeps each inventory for a poll round reads it again (and
     * keeps that read). For what must see the pool as it is at this moment, not as the round began: the
     * snapshot of a job that just started, whose pods a read at its pre-flight did not see placed.
     *
     * @throws InventoryUnreadableException as {@link #inventory} does
     */
    default PoolInventory inventoryNow(String queue) {
        return inventory(queue);
    }

    /**
     * What this client learned about its connection that a person should know, in the order learned (the
     * SenseCore gateway took only the date-only signature); empty for most connections. Front ends say each
     * once: the CLI on stderr as it happens ({@link #onNotice}), a Jenkins step in its build log.
     */
    default List<String> notices() {
        return List.of();
    }

    /** {@code sink} is told each notice once: those learned already at once, later ones as they are learned. */
    default void onNotice(java.util.function.Consumer<String> sink) {}

    @Override
    void close();
}
