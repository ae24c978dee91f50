package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisNotReadyException;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisWithInventory;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.RawDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A schedule diagnosis on request, outside a watch: fetch an existing one by its id, or launch one now,
 * then poll while the platform answers "not ready" until a timeout, and analyse the answer. The CLI's
 * {@code trainjob diagnose} waits in {@link #fetch}, sleeping between questions; the plugin's
 * {@code awaitScheduleDiagnosis(diagnosisId: ...)} goes through {@link JobMonitor#fetchDiagnosis}, which
 * asks by the same rule ({@link #attempt}) but waits on a timer, holding no thread.
 *
 * <p>A {@link JobMonitor} watch diagnoses only after the pending timeout, and treats AIHC's pre-check
 * refusal as "wait and retry"; a diagnosis on request is asked for now, so the refusal is the answer and
 * is thrown as the {@code DiagnosisPreCheckException} it is. Other platform failures are thrown as well.
 */
public final class DiagnosisFetcher {

    private final Duration timeout;
    private final Duration pollInterval;
    private final TimeSource time;
    private final Function<RawDiagnosis, DiagnosisReport> analyzer;

    /**
     * With the standard analyzer.
     *
     * @param timeout      how long to keep asking while the diagnosis is not ready
     * @param pollInterval how long to wait between two questions
     * @param time         the time base of a blocking {@link #fetch}: its deadline and the sleeps between
     *     questions (a fetch through {@link JobMonitor#fetchDiagnosis} runs on the monitor's)
     */
    public DiagnosisFetcher(Duration timeout, Duration pollInterval, TimeSource time) {
        this(timeout, pollInterval, time, MonitorSettings.STANDARD_ANALYZER::analyze);
    }

    /**
     * @param analyzer turns the platform's answer into the report of a blocking {@link #fetch} (a pool
     *     inventory read beside it is joined afterwards); a fetch through {@link JobMonitor#fetchDiagnosis}
     *     uses the monitor's ({@link MonitorSettings#analyzer()})
     */
    DiagnosisFetcher(
            Duration timeout,
            Duration pollInterval,
            TimeSource time,
            Function<RawDiagnosis, DiagnosisReport> analyzer) {
        this.timeout = positive("timeout", timeout);
        this.pollInterval = positive("pollInterval", pollInterval);
        this.time = Objects.requireNonNull(time, "time");
        this.analyzer = Objects.requireNonNull(analyzer, "analyzer");
    }

    /**
     * The job a fetched diagnosis is reported for: the given job; without one, the job the platform says
     * the diagnosis id stands for ({@link TrainingPlatform#jobOfDiagnosis}): on AIHC the id itself, as id
     * and name, because a report must name something (an empty job would leave its headline and job line
     * blank); SenseCore keeps no diagnoses (they are derived from the job each time), so there the job is
     * required.
     *
     * @param jobId the job's id, or {@code null}/blank when not known
     * @throws InvalidRequestException when the platform requires the job and none was given
     */
    static JobRef jobOf(TrainingPlatform platform, String diagnosisId, String jobId) {
        Objects.requireNonNull(diagnosisId, "diagnosisId");
        if (jobId != null && !jobId.isBlank()) {
            return new JobRef(platform.kind(), jobId.trim(), null);
        }
        return platform.jobOfDiagnosis(diagnosisId);
    }

    /** Fetches an existing diagnosis, for the job {@link #jobOf} names. */
    public FetchedDiagnosis fetch(TrainingPlatform platform, String diagnosisId, String jobId)
            throws InterruptedException {
        return fetch(platform, handleOf(platform, diagnosisId, jobId));
    }

    /**
     * Launches a diagnosis of the job now, tells {@code launched} its handle (so a person can fetch it later
     * by id), and waits for its report.
     */
    public FetchedDiagnosis launchAndFetch(TrainingPlatform platform, JobRef job, Consumer<DiagnosisHandle> launched)
            throws InterruptedException {
        DiagnosisHandle handle = platform.launchDiagnosis(job);
        launched.accept(handle);
        return fetch(platform, handle);
    }

    private FetchedDiagnosis fetch(TrainingPlatform platform, DiagnosisHandle handle) throws InterruptedException {
        Instant deadline = deadline(time.now());
        while (true) {
            FetchAttempt attempt =
                    attempt(platform, handle, deadline, time, raw -> MonitorSettings.report(analyzer, raw));
            if (attempt instanceof FetchAttempt.Done done) {
                return done.result();
            }
            time.sleep(((FetchAttempt.AskAgain) attempt).delay());
        }
    }

    /** When a fetch that begins at {@code start} stops asking. */
    Instant deadline(Instant start) {
        return start.plus(timeout);
    }

    /** The handle of an existing diagnosis, for the job {@link #jobOf} names. */
    static DiagnosisHandle handleOf(TrainingPlatform platform, String diagnosisId, String jobId) {
        return new DiagnosisHandle(diagnosisId, jobOf(platform, diagnosisId, jobId));
    }

    /**
     * Asks the platform once and decides: the analysed report; "not ready" once {@code deadline} has
     * passed; otherwise ask again after the poll interval, cut to the time left. The one rule of every
     * fetch, whether it waits by sleeping or by a timer.
     *
     * @param time the time base of the waits: this fetcher's when it sleeps, the monitor's for a timer
     * @param analysis the report of the fetched diagnosis: this fetcher's analyzer, or the monitor's
     *
     * @throws io.jenkins.plugins.trainingjob.core.platform.PlatformException for any answer but "not ready"
     */
    FetchAttempt attempt(
            TrainingPlatform platform,
            DiagnosisHandle handle,
            Instant deadline,
            TimeSource time,
            Function<RawDiagnosis, DiagnosisReport> analysis) {
        RawDiagnosis raw;
        try {
            raw = DiagnosisWithInventory.read(platform, platform.fetchDiagnosis(handle));
        } catch (DiagnosisNotReadyException notReady) {
            Instant at = time.now();
            if (!at.isBefore(deadline)) {
                return new FetchAttempt.Done(new FetchedDiagnosis.NotReady(handle, timeout));
            }
            Duration left = Duration.between(at, deadline);
            return new FetchAttempt.AskAgain(left.compareTo(pollInterval) < 0 ? left : pollInterval);
        }
        return new FetchAttempt.Done(new FetchedDiagnosis.Ready(analysis.apply(raw)));
    }

    private static Duration positive(String name, Duration d) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + ": must be positive, was " + d);
        }
        return d;
    }
}
