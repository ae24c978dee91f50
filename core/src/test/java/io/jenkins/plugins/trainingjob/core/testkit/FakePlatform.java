package io.jenkins.plugins.trainingjob.core.testkit;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisNotReadyException;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisPreCheckException;
import io.jenkins.plugins.trainingjob.core.platform.FailedCall;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobNames;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.JobsOfSpec;
import io.jenkins.plugins.trainingjob.core.platform.NotFoundException;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.RawDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.StatusPage;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.spec.UncheckedSpecs;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A platform in memory for the monitor's and the front ends' tests. Counts every call and fails on
 * command, so tests can assert what was asked and how often. Jobs come two ways:
 * <ul>
 * <li>{@link #addJob} gives a job a phase of its own, which the test moves with {@link #set} (the
 *     monitor's tests);</li>
 * <li>{@link #submit} remembers a job by its client token; such jobs have no phase of their own and all
 *     read {@link #phase}, and a stop moves them all to STOPPED (the front ends' tests, which only care
 *     whether a job was submitted or stopped).</li>
 * </ul>
 * A job it does not know reads 404. Diagnoses are launched as {@code diag-1}, {@code diag-2}, ... and
 * read as one AIHC "unschedulable node" finding, unless {@link #diagnosis} says otherwise.
 */
public class FakePlatform implements TrainingPlatform {
    public final AtomicInteger statusCalls = new AtomicInteger();
    public final AtomicInteger listCalls = new AtomicInteger();
    public final AtomicInteger listRounds = new AtomicInteger();
    public final AtomicInteger launchCalls = new AtomicInteger();
    public final AtomicInteger fetchCalls = new AtomicInteger();
    public final AtomicInteger cancelCalls = new AtomicInteger();

    /** Launches refused with PreCheckError before one is accepted. */
    public final AtomicInteger preCheckRefusals = new AtomicInteger();
    /** Fetches answered "not ready" before the report comes. */
    public final AtomicInteger notReadyFetches = new AtomicInteger();
    /** While false, every fetch answers "not ready". */
    public volatile boolean diagnosisReady = true;
    /** Diagnosis fetches throw what this supplies, while it supplies non-null. */
    public volatile Supplier<PlatformException> fetchFailure = () -> null;
    /** What a ready diagnosis fetch answers; unset, the built-in report. */
    public volatile Function<DiagnosisHandle, RawDiagnosis> diagnosis;
    /** Status and list calls throw what this supplies, while it supplies non-null. */
    public volatile Supplier<PlatformException> outage = () -> null;
    /** Status calls after a stop before the job shows STOPPED. */
    public volatile int stopTakesPolls;
    /** Jobs whose FAILED reads the platform wants confirmed (AIHC fault tolerance). */
    public final Set<String> faultTolerant = ConcurrentHashMap.newKeySet();
    /** Whether list pages carry the pods (AIHC's list does not always). */
    public volatile boolean listIncludesWorkers = true;

    /** The phase every submitted job reads. */
    public volatile JobPhase phase = JobPhase.PENDING;

    public final List<String> submittedTokens = new CopyOnWriteArrayList<>();
    public final Map<String, JobRef> byToken = new ConcurrentHashMap<>();
    public final List<JobRef> cancelled = new CopyOnWriteArrayList<>();
    public final List<DiagnosisHandle> fetchedDiagnoses = new CopyOnWriteArrayList<>();
    /** How often {@link #close()} was called. */
    public volatile int closed;

    private final PlatformKind kind;
    private volatile ConnectionSettings settings;
    private final List<String> order = new CopyOnWriteArrayList<>();
    private final Map<String, JobStatus> jobs = new ConcurrentHashMap<>();
    private final Map<String, JobRef> submitted = new ConcurrentHashMap<>();
    private final Map<String, com.fasterxml.jackson.databind.JsonNode> bodies = new ConcurrentHashMap<>();
    private final Map<String, String> tokens = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> stopCountdown = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> transientFailures = new ConcurrentHashMap<>();
    private final AtomicInteger diagnosisIds = new AtomicInteger();

    /** An AIHC platform. */
    public FakePlatform() {
        this(PlatformKind.AIHC);
    }

    public FakePlatform(PlatformKind kind) {
        this.kind = kind;
    }

    /** Answers {@link #settings()} with these, as a client built from them would. */
    public FakePlatform connectedWith(ConnectionSettings settings) {
        this.settings = settings;
        return this;
    }

    /**
     * A minimal spec of {@code kind} named {@code name}, valid as the loader checks one: the submit flow
     * loads it again for each attempt it names ({@code <name>-a2}), as it does a user's spec.
     */
    public static JobSpec spec(PlatformKind kind, String name) {
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        switch (kind) {
            case AIHC -> {
                body.put("name", name);
                body.putObject("jobSpec")
                        .put("image", "registry.example.com/ml/train:1")
                        .put("command", "python train.py")
                        .put("replicas", 1);
            }
            case SENSECORE -> {
                body.put("display_name", name).put("framework", "PYTORCH");
                ObjectNode role = body.putArray("roles").addObject();
                role.put("name", "Worker");
                role.putArray("resource_spec").addObject().put("name", "N2lS.Ie.I60.2");
                role.put("total_replicas", 1)
                        .put("startup_script", "python train.py")
                        .put("image_path", "registry.example.com/ml/train:1");
                body.putObject("resource_pool").put("name", "pool-a");
            }
        }
        return UncheckedSpecs.of(kind, body);
    }

    /** A bare status of {@code job} in {@code phase}, as a submitted job reads. */
    public static JobStatus status(JobRef job, JobPhase phase) {
        return new JobStatus(job, phase, phase.name(), null, null, null, null, null, List.of(), null);
    }

    /** A job of this platform with a phase of its own, PENDING ("Created"), listed first. */
    public JobRef addJob(String name) {
        JobRef ref = new JobRef(kind, "pytorchjob-" + name + "-0a1b2c3d", name);
        // The status first: a list running on a call thread meanwhile must never see an id without one.
        jobs.put(ref.id(), status(ref, JobPhase.PENDING, "Created", null));
        order.add(0, ref.id());
        return ref;
    }

    /** A pending job as {@link #addJob(String)} adds it, whose status shows its size in GPUs. */
    public JobRef addJob(String name, int gpus) {
        JobRef ref = addJob(name);
        JobStatus bare = jobs.get(ref.id());
        jobs.put(
                ref.id(),
                new JobStatus(
                        ref,
                        bare.phase(),
                        bare.rawState(),
                        null,
                        null,
                        null,
                        bare.queuePosition(),
                        bare.reason(),
                        bare.workers(),
                        null,
                        gpus));
        return ref;
    }

    /** Lists this status as given (times, size), before every job added so far: a queue's history. */
    public void addStatus(JobStatus status) {
        jobs.put(status.job().id(), status);
        order.add(0, status.job().id());
    }

    public void set(JobRef job, JobPhase phase, String rawState) {
        jobs.put(job.id(), status(job, phase, rawState, jobs.get(job.id()).queuePosition()));
    }

    /** The job's next {@code reads} status reads say FAILED ("Failed"), then its own status shows again. */
    public void failedReadsThenRunning(JobRef job, int reads) {
        transientFailures.put(job.id(), new AtomicInteger(reads));
    }

    public void setQueuePosition(JobRef job, Integer position) {
        JobStatus s = jobs.get(job.id());
        jobs.put(job.id(), status(job, s.phase(), s.rawState(), position));
    }

    /** The phase of a job added with {@link #addJob}. */
    public JobPhase phase(JobRef job) {
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
        return kind;
    }

    @Override
    public ConnectionSettings settings() {
        ConnectionSettings s = settings;
        return s != null
                ? s
                : ConnectionSettings.aihc(
                        URI.create("http://localhost"), null, Credentials.of("ak", "sk"), "pool", "default");
    }

    @Override
    public synchronized JobRef submit(JobSpec spec, String clientToken) {
        submittedTokens.add(clientToken);
        JobRef job = new JobRef(kind, "job-" + submittedTokens.size(), spec.name());
        submitted.put(job.id(), job);
        order.add(0, job.id());
        byToken.put(clientToken, job);
        bodies.put(job.id(), unnamed(spec));
        tokens.put(job.id(), clientToken);
        return job;
    }

    /**
     * The jobs submitted here from {@code spec} (its body apart from the name) under a name the naming rule
     * gives it, newest first; this platform reads every job, so nothing is left unseen.
     */
    @Override
    public JobsOfSpec jobsOfSpec(JobSpec spec) {
        List<JobsOfSpec.Found> found = new ArrayList<>();
        for (String id : order) {
            JobRef job = submitted.get(id);
            String token = tokens.get(id);
            if (job != null
                    && token != null
                    && unnamed(spec).equals(bodies.get(id))
                    && spec.name() != null
                    && JobNames.isNameOf(spec.name(), job.name(), token)) {
                found.add(new JobsOfSpec.Found(job, token));
            }
        }
        return new JobsOfSpec(found, Optional.empty());
    }

    private static com.fasterxml.jackson.databind.JsonNode unnamed(JobSpec spec) {
        ObjectNode body = spec.body();
        body.remove("name");
        return body;
    }

    @Override
    public Optional<JobRef> findSubmitted(JobSpec spec, String clientToken) {
        return Optional.ofNullable(byToken.get(clientToken));
    }

    @Override
    public JobStatus status(JobRef job) {
        statusCalls.incrementAndGet();
        failIfDown();
        JobStatus s = jobs.get(job.id());
        if (s == null) {
            if (submitted.containsKey(job.id())) {
                return status(job, phase);
            }
            throw new NotFoundException(
                    new FailedCall(kind, "GET /api/v1/aijobs/" + job.id(), 404, "NotFound", "r-1"),
                    "no such job",
                    null);
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
        return status.phase() == JobPhase.FAILED
                && faultTolerant.contains(status.job().id());
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
            if (s == null) {
                page.add(status(submitted.get(ids.get(i)), phase));
                continue;
            }
            page.add(
                    listIncludesWorkers
                            ? s
                            : new JobStatus(
                                    s.job(),
                                    s.phase(),
                                    s.rawState(),
                                    null,
                                    null,
                                    null,
                                    s.queuePosition(),
                                    s.reason(),
                                    List.of(),
                                    null));
        }
        int next = from + pageSize;
        return new StatusPage(page, next < ids.size() ? Integer.toString(next) : null);
    }

    @Override
    public void cancel(JobRef job) {
        cancelCalls.incrementAndGet();
        cancelled.add(job);
        if (!jobs.containsKey(job.id())) {
            phase = JobPhase.STOPPED;
        } else if (stopTakesPolls > 0) {
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
            throw new DiagnosisPreCheckException(
                    new FailedCall(
                            kind, "POST /api/v1/aifd/schedulediagnosis/job/launcher", 400, "PreCheckError", "r-2"),
                    "Check before diagnosis error: job queued less than 5 minutes",
                    null);
        }
        return new DiagnosisHandle("diag-" + diagnosisIds.incrementAndGet(), job);
    }

    @Override
    public RawDiagnosis fetchDiagnosis(DiagnosisHandle handle) {
        fetchCalls.incrementAndGet();
        fetchedDiagnoses.add(handle);
        PlatformException failure = fetchFailure.get();
        if (failure != null) {
            throw failure;
        }
        if (!diagnosisReady || notReadyFetches.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            throw new DiagnosisNotReadyException(
                    new FailedCall(
                            kind,
                            "GET /api/v1/aifd/schedulediagnosis/job/query",
                            200,
                            "DiagnosisReportNotFound",
                            "r-3"),
                    "The diagnosis report is not found, try later please.",
                    null);
        }
        Function<DiagnosisHandle, RawDiagnosis> answer = diagnosis;
        if (answer != null) {
            return answer.apply(handle);
        }
        return new AihcScheduleDiagnosis(
                handle.job(),
                handle.id(),
                "r-4",
                List.of(new AihcScheduleDiagnosis.Rule(
                        "NodeAvailabilityDiagnostics",
                        "NodeAvailabilityDiagnostics",
                        List.of(new AihcScheduleDiagnosis.Detail(
                                "",
                                "node(s) were unschedulable",
                                handle.job().name(),
                                "default",
                                "10.3.0.118",
                                handle.job().name() + "-master-0",
                                "default",
                                "",
                                "")))));
    }

    @Override
    public synchronized void close() {
        closed++;
    }

    private void failIfDown() {
        PlatformException e = outage.get();
        if (e != null) {
            throw e;
        }
    }
}
