package io.jenkins.plugins.trainingjob.core.platform.aihc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.internal.http.ApiCall;
import io.jenkins.plugins.trainingjob.core.internal.http.ApiResponse;
import io.jenkins.plugins.trainingjob.core.internal.http.CallExecutor;
import io.jenkins.plugins.trainingjob.core.platform.AihcManagedPools;
import io.jenkins.plugins.trainingjob.core.platform.AihcTarget;
import io.jenkins.plugins.trainingjob.core.platform.ClientToken;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettingsValidator;
import io.jenkins.plugins.trainingjob.core.platform.CreateRecovery;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.InventoryUnreadableException;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobLogs;
import io.jenkins.plugins.trainingjob.core.platform.JobNameTakenException;
import io.jenkins.plugins.trainingjob.core.platform.JobNames;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.JobsOfSpec;
import io.jenkins.plugins.trainingjob.core.platform.LogChunk;
import io.jenkins.plugins.trainingjob.core.platform.PlatformClientBuilder;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.platform.RawDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.StatusPage;
import io.jenkins.plugins.trainingjob.core.platform.SubmittedJobList;
import io.jenkins.plugins.trainingjob.core.platform.TokenMatch;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.OutputNonce;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.spec.SpecDigest;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import okhttp3.HttpUrl;

/**
 * Baidu AIHC over the v1 REST API ({@code /api/v1/...}, {@code {"requestId", "result"}} envelopes),
 * signed with {@link BceV1Signer}. One instance serves one resource pool.
 *
 * <p>Submitting marks the job with the label {@value #CLIENT_TOKEN_LABEL} carrying the caller's client
 * token and {@value #SPEC_DIGEST_LABEL} carrying the spec's digest signed with the caller's key, and gives it
 * a fresh {@code trainjob-output} nonce in its env. A job found under a token is the caller's only when the
 * signature verifies and its own detail is what the spec asks for ({@link AihcOwnedJob}): labels are data
 * any co-tenant of the queue writes (security review 2, N2). A create is never retried blindly: when its
 * outcome is unknown (timeout, reset, 5xx), the job list is searched for the token, and the job found is
 * returned.
 *
 * <p>On a managed pool ({@code aihc-serverless}, {@code aihc-bhcmp}) every call carries the connection's
 * queue as {@code queueID}, as bce-sdk-go does; the connection must name the queue, and a spec may only
 * name that same queue, so that the calls after the create find the job.
 */
public final class AihcClient implements TrainingPlatform, JobLogs, SubmittedJobList {

    public static final String CLIENT_TOKEN_LABEL = "trainingjob.jenkins.io/client-token";
    /**
     * The spec's {@link SpecDigest} and this key's signature over token and digest: tells a resubmission of
     * the same spec from another spec under the token, and our job from another key's copy of our labels.
     */
    public static final String SPEC_DIGEST_LABEL = "trainingjob.jenkins.io/spec-digest";

    private static final Set<String> OWN_LABELS = Set.of(CLIENT_TOKEN_LABEL, SPEC_DIGEST_LABEL);
    /** Managed pools, which take the queue as the {@code queueID} query parameter on every call. */
    static final Set<String> MANAGED_POOLS = AihcManagedPools.IDS;

    static final String OP_CREATE = "POST /api/v1/aijobs";
    static final String OP_GET = "GET /api/v1/aijobs/{jobId}";
    static final String OP_LIST = "GET /api/v1/aijobs";
    static final String OP_STOP = "POST /api/v1/aijobs/{jobId}/stop";
    static final String OP_DELETE = "DELETE /api/v1/aijobs/{jobId}";
    static final String OP_EVENTS = "GET /api/v1/aijobs/{jobId}/events";
    static final String OP_LOGS = "GET /api/v1/aijobs/{jobId}/pods/{podName}/logs";
    static final String OP_LAUNCH = "POST /api/v1/aifd/schedulediagnosis/job/launcher";
    static final String OP_QUERY = "GET /api/v1/aifd/schedulediagnosis/job/query";

    /** The most one page of a job's log may be (a few hundred 16 KiB lines); a larger one is not read. */
    static final long MAX_LOG_PAGE_BYTES = 4L * 1024 * 1024;

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final ConnectionSettings settings;
    private final AihcTarget target;
    private final AihcUrls urls;
    private final String pool;
    /** Managed pool: every call carries {@code queueID=managedQueue} (the validator made the queue required). */
    private final boolean managed;

    private final String managedQueue;
    private final CallExecutor http;
    private final AihcInventoryReader inventory;
    private final InventoryCache inventoryCache;
    private final AihcJobFinder finder;
    private final AihcOwnedJob owned;
    /** Jobs read (or submitted) with fault tolerance on: their first Failed read needs a second one. */
    private final Set<String> faultTolerant = ConcurrentHashMap.newKeySet();

    private AihcClient(Builder b) {
        ConnectionSettings settings = b.settings();
        TimeSource time = b.time();
        this.settings = settings;
        this.target = settings.aihc();
        // Without a pool the client can still fetch a diagnosis by id (the query takes only diagnosisId);
        // every call that names the pool refuses then, with the pool's rule.
        ConnectionSettingsValidator.requireValid(settings.problems().stream()
                .filter(p -> !p.field().equals("resourcePool"))
                .toList());
        this.pool = target.resourcePoolId() == null || target.resourcePoolId().isBlank()
                ? null
                : target.resourcePoolId().trim();
        this.managed = pool != null && AihcManagedPools.isManaged(pool);
        this.managedQueue = managed ? target.queue().trim() : null;
        HttpUrl url = HttpUrl.parse(settings.resolvedEndpoint().toString());
        if (url == null) {
            throw InvalidInputException.of(
                    "connection", "endpoint must be an http or https URL, was " + settings.resolvedEndpoint());
        }
        this.urls = new AihcUrls(url, pool, managedQueue);
        this.http = CallExecutor.builder(PlatformKind.AIHC, settings.http())
                .signer(new BceV1Signer(settings.credentials()))
                .errorDecoder(new AihcErrorDecoder(time))
                .requestIdHeader(AihcErrorDecoder.REQUEST_ID_HEADER)
                .time(time)
                .random(b.random())
                .client(b.okHttpClient())
                .build();
        this.inventory = new AihcInventoryReader(http, url, pool, time);
        this.inventoryCache = new InventoryCache(time, InventoryCache.ONE_POLL_ROUND);
        this.finder = new AihcJobFinder(this::listPage, this::detail);
        this.owned = new AihcOwnedJob(settings.credentials(), this::detail);
    }

    /** A client in system time (real sleeps) with its own OkHttp client. */
    public static AihcClient create(ConnectionSettings settings) {
        return builder(settings).build();
    }

    /** @throws IllegalArgumentException when the settings are not AIHC's */
    public static Builder builder(ConnectionSettings settings) {
        return new Builder(settings);
    }

    @Override
    public PlatformKind kind() {
        return PlatformKind.AIHC;
    }

    @Override
    public ConnectionSettings settings() {
        return settings;
    }

    @Override
    public JobRef submit(JobSpec spec, String clientToken) {
        ObjectNode body = bodyWithToken(spec, clientToken);
        HttpUrl url = urls.create();
        if (managed) {
            String own = AihcJobReader.text(body, "queue").trim();
            if (!own.isEmpty() && !own.equals(managedQueue)) {
                // Status, stop and list name the connection's queue: a job created elsewhere could not be seen.
                throw InvalidRequestException.refused(
                        PlatformKind.AIHC,
                        OP_CREATE,
                        "queue",
                        "queue: '" + own + "' is not the connection's queue '" + managedQueue + "'; on managed pool "
                                + pool + " every call names one queue (queueID), so the spec's queue must be the "
                                + "connection's or be left out");
            }
            // The v2 CreateJob doc: body queue "keep equal to queueID".
            body.put("queue", managedQueue);
        }
        ApiResponse response;
        try {
            response = http.execute(ApiCall.create(OP_CREATE, url, body));
        } catch (TransientException unknownOutcome) {
            return lookUpAfterUncertainCreate(spec, clientToken, unknownOutcome);
        } catch (InvalidRequestException refused) {
            if (AihcErrorDecoder.isNameTaken(refused)) {
                throw JobNameTakenException.of(refused, spec.name(), "resource pool " + pool);
            }
            throw refused;
        }
        JsonNode result = response.json().path("result");
        String jobId = AihcJobReader.text(result, "jobId");
        if (jobId.isEmpty()) {
            return lookUpAfterUncertainCreate(
                    spec, clientToken, malformed(OP_CREATE, response, "the create answer carries no jobId"));
        }
        String name = AihcJobReader.text(result, "jobName");
        if (body.path("faultTolerance").asBoolean(false)) {
            faultTolerant.add(jobId);
        }
        return new JobRef(PlatformKind.AIHC, jobId, name.isEmpty() ? spec.name() : name);
    }

    /** Any failed look-up means "look again": the last one's words go into the final message. */
    private JobRef lookUpAfterUncertainCreate(JobSpec spec, String clientToken, TransientException cause) {
        CreateRecovery.Search search = CreateRecovery.of(http.time(), anyFailure -> true)
                .search(
                        CreateRecovery.waitsAfter(cause, settings.http().readTimeout()),
                        () -> findSubmitted(spec, clientToken));
        return search.found()
                .orElseThrow(() -> CreateRecovery.nothingResubmitted(cause, search, spec.name(), clientToken));
    }

    /** The job this spec's create made under the token: {@link #findByClientToken(JobSpec, String)}'s same spec. */
    @Override
    public Optional<JobRef> findSubmitted(JobSpec spec, String clientToken) {
        return findByClientToken(spec, clientToken).filter(TokenMatch::sameSpec).map(TokenMatch::job);
    }

    /**
     * The newest job under the token that this key created from this spec, as its own detail shows
     * ({@link AihcOwnedJob}), under either name the token's job can have ({@link JobNames#candidates}); else
     * what the nearest job under the token is (another spec, another key).
     */
    @Override
    public Optional<TokenMatch> findByClientToken(JobSpec spec, String clientToken) {
        requireTokenShape(clientToken);
        String queue = queueOf(spec);
        List<String> names = JobNames.candidates(spec.name(), clientToken);
        return owned.match(
                finder.byToken(queue, names::contains, clientToken),
                clientToken,
                name -> digestUnder(spec, names.contains(name) ? name : spec.name()),
                spec.body(),
                queue);
    }

    /** The newest job under the token whose labels this key signed; another key's jobs are not found. */
    @Override
    public Optional<JobRef> findByClientToken(String clientToken) {
        requireTokenShape(clientToken);
        String queue = managed
                ? managedQueue
                : target.queue() == null ? "" : target.queue().trim();
        return owned.signedByThisKey(finder.byToken(queue, name -> false, clientToken), clientToken);
    }

    /**
     * The jobs of the spec among the newest {@value AihcJobFinder#PAGES} pages of the queue's list, under any
     * token ({@link AihcOwnedJob#ofSpec}); when those pages are full, older jobs were not read and the answer
     * says so.
     */
    @Override
    public JobsOfSpec jobsOfSpec(JobSpec spec) {
        String queue = queueOf(spec);
        String specName = spec.name();
        AihcJobFinder.Window window = finder.window(queue, name -> name.startsWith(specName));
        List<JobsOfSpec.Found> ours = owned.ofSpec(
                window.jobs(),
                (name, token) -> JobNames.isNameOf(specName, name, token),
                name -> digestUnder(spec, name),
                spec.body(),
                queue);
        return new JobsOfSpec(
                ours,
                window.full()
                        ? Optional.of("jobs older than the newest " + AihcJobFinder.PAGES * AihcJobFinder.PAGE_SIZE
                                + " of the queue (AIHC lists jobs newest first; the look-up reads "
                                + AihcJobFinder.PAGES + " pages, and they were full)")
                        : Optional.empty());
    }

    /** The queue a job of {@code spec} is in, or {@code ""} for the pool's default. */
    private String queueOf(JobSpec spec) {
        return managed ? managedQueue : queueOf(spec.body());
    }

    /** The digest of {@code spec} created under {@code name}: what its signed label carries. */
    private static String digestUnder(JobSpec spec, String name) {
        ObjectNode body = spec.body();
        body.put("name", name);
        return SpecDigest.of(body, OWN_LABELS);
    }

    private static void requireTokenShape(String clientToken) {
        ClientToken.require("clientToken", clientToken);
    }

    private ObjectNode bodyWithToken(JobSpec spec, String clientToken) {
        if (spec.platform() != PlatformKind.AIHC) {
            throw InvalidInputException.of(
                    "spec", "platform is " + spec.platform().id() + ", not aihc");
        }
        requireTokenShape(clientToken);
        ObjectNode body = spec.body();
        JsonNode existing = body.get("labels");
        ArrayNode labels = NODES.arrayNode();
        if (existing != null && !existing.isNull()) {
            if (!existing.isArray()) {
                throw InvalidInputException.of("labels", "must be a list of {key, value}");
            }
            for (JsonNode label : existing) {
                if (!OWN_LABELS.contains(AihcJobReader.text(label, "key"))) {
                    labels.add(label);
                }
            }
        }
        labels.addObject().put("key", CLIENT_TOKEN_LABEL).put("value", clientToken);
        labels.addObject()
                .put("key", SPEC_DIGEST_LABEL)
                .put("value", owned.label(clientToken, SpecDigest.of(spec, OWN_LABELS)));
        body.set("labels", labels);
        withOutputNonce(body);
        return body;
    }

    /**
     * Gives the job a new {@link OutputNonce} in its env: only {@code trainjob-output/<nonce>} lines of its
     * log count as outputs, and text the job echoes from data prepared before this create cannot know it.
     */
    private static void withOutputNonce(ObjectNode body) {
        JsonNode spec = body.get("jobSpec");
        if (spec == null || !spec.isObject()) {
            return; // validation requires jobSpec: the platform refuses this body anyway
        }
        JsonNode existing = spec.get("envs");
        ArrayNode envs = NODES.arrayNode();
        if (existing != null && existing.isArray()) {
            for (JsonNode env : existing) {
                if (!OutputNonce.ENV.equals(AihcJobReader.text(env, "name"))) {
                    envs.add(env);
                }
            }
        }
        envs.addObject().put("name", OutputNonce.ENV).put("value", OutputNonce.generate());
        ((ObjectNode) spec).set("envs", envs);
    }

    /** The nonce in the job's env (its detail echoes the envs it was created with). */
    @Override
    public Optional<String> outputNonce(JobRef job) {
        JsonNode detail = detail(job);
        JsonNode envs = detail.has("envs")
                ? detail.path("envs")
                : detail.path("jobSpec").path("envs");
        for (JsonNode env : envs) {
            if (OutputNonce.ENV.equals(AihcJobReader.text(env, "name"))) {
                String nonce = AihcJobReader.text(env, "value");
                return OutputNonce.isValid(nonce) ? Optional.of(nonce) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    private String queueOf(JsonNode body) {
        String queue = AihcJobReader.text(body, "queue").trim();
        if (queue.isEmpty() && target.queue() != null) {
            queue = target.queue().trim();
        }
        return queue;
    }

    @Override
    public JobStatus status(JobRef job) {
        return read(detail(job), job);
    }

    /** Reads a detail or list item, remembering whether the job runs with fault tolerance. */
    private JobStatus read(JsonNode result, JobRef fallback) {
        JobStatus status = AihcJobReader.read(result, fallback);
        JsonNode tolerant = result.get("enableFaultTolerance");
        if (tolerant != null && tolerant.isBoolean()) {
            if (tolerant.booleanValue()) {
                faultTolerant.add(status.job().id());
            } else {
                faultTolerant.remove(status.job().id());
            }
        }
        return status;
    }

    /**
     * A Failed read of a job with fault tolerance on ({@code enableFaultTolerance}, or {@code faultTolerance}
     * in the spec it was submitted with) can be a restart in progress: a third-party watchdog on the live
     * serverless pool resubmits only after two consecutive Failed reads.
     */
    @Override
    public boolean failureNeedsConfirmation(JobStatus status) {
        return status.phase() == JobPhase.FAILED
                && faultTolerant.contains(status.job().id());
    }

    private JsonNode detail(JobRef job) {
        return result(http.execute(ApiCall.get(OP_GET, urls.job(job.id()))), OP_GET);
    }

    @Override
    public StatusPage listStatuses(String pageToken, int pageSize) {
        if (pageSize < 1) {
            throw new IllegalArgumentException("pageSize must be at least 1, was " + pageSize);
        }
        int page = pageNumber(pageToken);
        JsonNode result = listPage(target.queue() == null ? "" : target.queue().trim(), page, pageSize);
        Map<String, JobStatus> byId = new LinkedHashMap<>();
        JsonNode jobs = result.path("jobs");
        if (jobs.isArray()) {
            for (JsonNode job : jobs) {
                String id = AihcJobReader.text(job, "jobId");
                if (!id.isEmpty()) {
                    byId.putIfAbsent(id, read(job, null));
                }
            }
        }
        JsonNode total = result.get("total");
        boolean more = total != null && total.canConvertToLong()
                ? (long) page * pageSize < total.asLong()
                : jobs.isArray() && jobs.size() >= pageSize;
        return new StatusPage(List.copyOf(byId.values()), more && jobs.size() > 0 ? Integer.toString(page + 1) : null);
    }

    private static int pageNumber(String pageToken) {
        if (pageToken == null || pageToken.isEmpty()) {
            return 1;
        }
        try {
            int page = Integer.parseInt(pageToken);
            if (page >= 1) {
                return page;
            }
        } catch (NumberFormatException ignored) {
            // fall through to the error naming the rule
        }
        throw InvalidInputException.of(
                "pageToken", "must be a page number from a previous page, was '" + pageToken + "'");
    }

    private JsonNode listPage(String queue, int page, int pageSize) {
        return result(http.execute(ApiCall.get(OP_LIST, urls.list(queue, page, pageSize))), OP_LIST);
    }

    @Override
    public void cancel(JobRef job) {
        http.execute(ApiCall.idempotentPost(OP_STOP, urls.stop(job.id()), null));
    }

    /** Deletes the job (not part of {@link TrainingPlatform}: CI stops jobs, people delete them). */
    public void delete(JobRef job) {
        http.execute(ApiCall.delete(OP_DELETE, urls.job(job.id())));
    }

    @Override
    public List<JobEvent> events(JobRef job) {
        HttpUrl url = urls.events(job.id(), job.id().startsWith("mpijob-") ? "MPIJob" : "PyTorchJob");
        JsonNode root = http.execute(ApiCall.get(OP_EVENTS, url)).json();
        // Documented unwrapped ({"events", "total"}); accept the usual envelope too.
        JsonNode events =
                root.has("events") ? root.get("events") : root.path("result").path("events");
        List<JobEvent> out = new ArrayList<>();
        if (events != null && events.isArray()) {
            for (JsonNode e : events) {
                JsonNode count = e.get("count");
                out.add(new JobEvent(
                        AihcJobReader.text(e, "type"),
                        AihcJobReader.text(e, "reason"),
                        AihcJobReader.text(e, "message"),
                        AihcJobReader.time(e, "firstTimestamp"),
                        AihcJobReader.time(e, "lastTimestamp"),
                        count != null && count.canConvertToInt() ? count.asInt() : 0));
            }
        }
        return out;
    }

    @Override
    public LogChunk logs(JobRef job, String worker, String marker, int maxLines) {
        if (maxLines < 1) {
            throw new IllegalArgumentException("maxLines must be at least 1, was " + maxLines);
        }
        // A job chooses its lines: a page is bounded well below other answers, so reading a log holds little.
        JsonNode result = result(
                http.execute(ApiCall.get(OP_LOGS, urls.logs(job.id(), worker, maxLines, marker))
                        .withMaxResponseBytes(MAX_LOG_PAGE_BYTES)),
                OP_LOGS);
        List<String> lines = new ArrayList<>();
        JsonNode logs = result.path("logs");
        if (logs.isArray()) {
            logs.forEach(line -> lines.add(line.asText("")));
        }
        String next = AihcJobReader.text(result, "nextMarker");
        return new LogChunk(lines, next.isEmpty() ? marker : next);
    }

    /** Jobs whose client-token labels this key signed, read from the list items (which echo the labels). */
    @Override
    public StatusPage listSubmittedStatuses(String pageToken, int pageSize) {
        if (pageSize < 1) {
            throw new IllegalArgumentException("pageSize must be at least 1, was " + pageSize);
        }
        int page = pageNumber(pageToken);
        JsonNode result = listPage(target.queue() == null ? "" : target.queue().trim(), page, pageSize);
        Map<String, JobStatus> ours = new LinkedHashMap<>();
        JsonNode jobs = result.path("jobs");
        for (JsonNode job : jobs) {
            String id = AihcJobReader.text(job, "jobId");
            // another key's job with copied labels is not ours
            if (owned.signedByThisKey(job.path("labels")) && !id.isEmpty()) {
                ours.putIfAbsent(id, read(job, null));
            }
        }
        JsonNode total = result.get("total");
        boolean more = total != null && total.canConvertToLong()
                ? (long) page * pageSize < total.asLong()
                : jobs.isArray() && jobs.size() >= pageSize;
        return new StatusPage(List.copyOf(ours.values()), more && jobs.size() > 0 ? Integer.toString(page + 1) : null);
    }

    @Override
    public DiagnosisHandle launchDiagnosis(JobRef job) {
        ObjectNode body = NODES.objectNode().put("resourcePoolId", urls.pool()).put("jobId", job.id());
        HttpUrl url = urls.launchDiagnosis();
        // Launching twice only starts a second read-only analysis, so a retry is harmless.
        ApiResponse response = http.execute(ApiCall.idempotentPost(OP_LAUNCH, url, body));
        String id = AihcJobReader.text(result(response, OP_LAUNCH), "diagnosisId");
        if (id.isEmpty()) {
            throw malformed(OP_LAUNCH, response, "the launch answer carries no diagnosisId");
        }
        return new DiagnosisHandle(id, job);
    }

    @Override
    public RawDiagnosis fetchDiagnosis(DiagnosisHandle handle) {
        ApiResponse response = http.execute(ApiCall.get(OP_QUERY, urls.queryDiagnosis(handle.id())));
        try {
            return AihcDiagnosisParser.parse(response.json(), handle.job(), handle.id());
        } catch (InvalidInputException malformed) {
            throw malformed(OP_QUERY, response, malformed.getMessage());
        }
    }

    @Override
    public PoolInventory inventory(String queue) {
        String q = queueOrDefault(queue);
        return inventoryCache.get(q, () -> inventory.read(q));
    }

    /** Read again, whatever this round's read: the poll round's next readers share this one. */
    @Override
    public PoolInventory inventoryNow(String queue) {
        String q = queueOrDefault(queue);
        return inventoryCache.refresh(q, () -> inventory.read(q));
    }

    private String queueOrDefault(String queue) {
        if (pool == null) {
            throw InventoryUnreadableException.notReadable(
                    PlatformKind.AIHC, AihcInventoryReader.OP_POOL, "the connection names no resource pool");
        }
        return queue == null || queue.isBlank() ? target.queue() : queue;
    }

    @Override
    public void close() {
        http.close();
    }

    /** The {@code result} object of an envelope; its absence is a malformed, hence transient, answer. */
    private static JsonNode result(ApiResponse response, String operation) {
        JsonNode result = response.json().get("result");
        if (result == null || !result.isObject()) {
            throw malformed(operation, response, "the answer has no 'result' object");
        }
        return result;
    }

    /** An answer without what it must carry; AIHC puts the request id in the body. */
    private static TransientException malformed(String operation, ApiResponse response, String detail) {
        return TransientException.malformed(
                PlatformKind.AIHC, operation, response.status(), response.jsonText("requestId"), detail);
    }

    /** Options for tests and special set-ups ({@link PlatformClientBuilder}); only the settings are required. */
    public static final class Builder extends PlatformClientBuilder<Builder> {
        private Builder(ConnectionSettings settings) {
            super(settings, PlatformKind.AIHC);
        }

        /**
         * @throws InvalidInputException when the connection settings break a rule (other than a missing
         *     resource pool: a client without one can still fetch a diagnosis by id)
         */
        public AihcClient build() {
            return new AihcClient(this);
        }
    }
}
