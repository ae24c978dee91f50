package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisNotReadyException;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisPreCheckException;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.NotFoundException;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.RawDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.StatusPage;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * An AIHC-like platform in memory whose jobs change phase when a test says so. Counts every call and
 * fails on command, so tests can assert what the monitor asked and how often.
 */
final class FakePlatform implements TrainingPlatform {
    final AtomicInteger statusCalls = new AtomicInteger();
    final AtomicInteger listCalls = new AtomicInteger();
    final AtomicInteger listRounds = new AtomicInteger();
    final AtomicInteger launchCalls = new AtomicInteger();
    final AtomicInteger fetchCalls = new AtomicInteger();
    final AtomicInteger cancelCalls = new AtomicInteger();

    /** Launches refused with PreCheckError before one is accepted. */
    final AtomicInteger preCheckRefusals = new AtomicInteger();
    /** Fetches answered "not ready" before the report comes. */
    final AtomicInteger notReadyFetches = new AtomicInteger();
    /** While false, every fetch answers "not ready". */
    volatile boolean diagnosisReady = true;
    /** Diagnosis fetches throw what this supplies, while it supplies non-null. */
    volatile Supplier<PlatformException> fetchFailure = () -> null;
    /** Status and list calls throw what this supplies, while it supplies non-null. */
    volatile Supplier<PlatformException> outage = () -> null;
    /** Status calls after a stop before the job shows STOPPED. */
    volatile int stopTakesPolls;
    /** Jobs whose FAILED reads the platform wants confirmed (AIHC fault tolerance). */
    final java.util.Set<String> faultTolerant = ConcurrentHashMap.newKeySet();

    /** Whether list pages carry the pods (AIHC's list does not always). */
    volatile boolean listIncludesWorkers = true;

    private final List<String> order = new CopyOnWriteArrayList<>();
    private final Map<String, JobStatus> jobs = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> stopCountdown = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> transientFailures = new ConcurrentHashMap<>();
    private final AtomicInteger diagnosisIds = new AtomicInteger();

    JobRef addJob(String name) {
        JobRef ref = new JobRef(PlatformKind.AIHC, "pytorchjob-" + name + "-0a1b2c3d", name);
        // The status first: a list running on a call thread meanwhile must never see an id without one.
        jobs.put(ref.id(), status(ref, JobPhase.PENDING, "Created", null));
        order.add(0, ref.id());
        return ref;
    }

    void set(JobRef job, JobPhase phase, String rawState) {
        jobs.put(job.id(), status(job, phase, rawState, jobs.get(job.id()).queuePosition()));
    }

    /** The job's next {@code reads} status reads say FAILED ("Failed"), then its own status shows again. */
    void failedReadsThenRunning(JobRef job, int reads) {
        transientFailures.put(job.id(), new AtomicInteger(reads));
    }

    void setQueuePosition(JobRef job, Integer position) {
        JobStatus s = jobs.get(job.id());
        jobs.put(job.id(), status(job, s.phase(), s.rawState(), position));
    }

    JobPhase phase(JobRef job) {
        return jobs.get(job.id()).phase();
    }

    private static JobStatus status(JobRef job, JobPhase phase, String raw, Integer queuePosition) {
        List<WorkerStatus> workers = phase.isScheduled()
                ? List.of(new WorkerStatus(job.name() + "-master-0", "10.3.0.118", "Running", ""))
                : List.of(new WorkerStatus(job.name() + "-master-0", "", "Pending", "Unschedulable"));
        return new JobStatus(job, phase, raw, null, null, null, queuePosition, "", workers, null);
    }

    @Override
    public PlatformKind kind() {
        return PlatformKind.AIHC;
    }

    @Override
    public ConnectionSettings settings() {
        return ConnectionSettings.aihc(URI.create("http://localhost"), null, Credentials.of("ak", "sk"), "pool",
                "default");
    }

    @Override
    public JobRef submit(JobSpec spec, String clientToken) {
        throw new UnsupportedOperationException("the monitor never submits");
    }

    @Override
    public Optional<JobRef> findSubmitted(JobSpec spec, String clientToken) {
        throw new UnsupportedOperationException("the monitor never submits");
    }

    @Override
    public JobStatus status(JobRef job) {
        statusCalls.incrementAndGet();
        failIfDown();
        JobStatus s = jobs.get(job.id());
        if (s == null) {
            throw new NotFoundException(PlatformKind.AIHC, "GET /api/v1/aijobs/" + job.id(), 404, "NotFound", "r-1",
                    "no such job", null);
        }
        AtomicInteger failing = transientFailures.get(job.id());
        if (failing != null && failing.getAndDecrement() > 0) {
            return status(job, JobPhase.FAILED, "Failed", s.queuePosition());
        }
        AtomicInteger countdown = stopCountdown.get(job.id());
        if (countdown != null && countdown.decrementAndGet() <= 0) {
            stopCountdown.remove(job.id());
            set(job, JobPhase.STOPPED, "ManualTermination");
            s = jobs.get(job.id());
        }
        return s;
    }

    @Override
    public boolean failureNeedsConfirmation(JobStatus status) {
        return status.phase() == JobPhase.FAILED && faultTolerant.contains(status.job().id());
    }

    @Override
    public StatusPage listStatuses(String pageToken, int pageSize) {
        listCalls.incrementAndGet();
        if (pageToken == null) {
            listRounds.incrementAndGet();
        }
        failIfDown();
        int from = pageToken == null ? 0 : Integer.parseInt(pageToken);
        List<String> ids = new ArrayList<>(order);
        List<JobStatus> page = new ArrayList<>();
        for (int i = from; i < Math.min(ids.size(), from + pageSize); i++) {
            JobStatus s = jobs.get(ids.get(i));
            page.add(listIncludesWorkers ? s : new JobStatus(s.job(), s.phase(), s.rawState(), null, null, null,
                    s.queuePosition(), s.reason(), List.of(), null));
        }
        int next = from + pageSize;
        return new StatusPage(page, next < ids.size() ? Integer.toString(next) : null);
    }

    @Override
    public void cancel(JobRef job) {
        cancelCalls.incrementAndGet();
        if (stopTakesPolls > 0) {
            stopCountdown.put(job.id(), new AtomicInteger(stopTakesPolls));
        } else {
            set(job, JobPhase.STOPPED, "ManualTermination");
        }
    }

    @Override
    public List<JobEvent> events(JobRef job) {
        return List.of();
    }

    @Override
    public DiagnosisHandle launchDiagnosis(JobRef job) {
        launchCalls.incrementAndGet();
        if (preCheckRefusals.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            throw new DiagnosisPreCheckException(PlatformKind.AIHC, "POST /api/v1/aifd/schedulediagnosis/job/launcher",
                    400, "PreCheckError", "r-2", "Check before diagnosis error: job queued less than 5 minutes", null);
        }
        return new DiagnosisHandle("diag-" + diagnosisIds.incrementAndGet(), job);
    }

    @Override
    public RawDiagnosis fetchDiagnosis(DiagnosisHandle handle) {
        fetchCalls.incrementAndGet();
        PlatformException failure = fetchFailure.get();
        if (failure != null) {
            throw failure;
        }
        if (!diagnosisReady || notReadyFetches.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            throw new DiagnosisNotReadyException(PlatformKind.AIHC, "GET /api/v1/aifd/schedulediagnosis/job/query",
                    200, "DiagnosisReportNotFound", "r-3", "The diagnosis report is not found, try later please.",
                    null);
        }
        return new AihcScheduleDiagnosis(handle.job(), handle.id(), "r-4", List.of(new AihcScheduleDiagnosis.Rule(
                "NodeAvailabilityDiagnostics", "NodeAvailabilityDiagnostics",
                List.of(new AihcScheduleDiagnosis.Detail("", "node(s) were unschedulable", handle.job().name(),
                        "default", "10.3.0.118", handle.job().name() + "-master-0", "default", "", "")))));
    }

    @Override
    public void close() {
    }

    private void failIfDown() {
        PlatformException e = outage.get();
        if (e != null) {
            throw e;
        }
    }
}
