package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.internal.http.ApiCall;
import io.jenkins.plugins.trainingjob.core.internal.http.CallExecutor;
import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.ClientToken;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettingsValidator;
import io.jenkins.plugins.trainingjob.core.platform.CreateRecovery;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.InventoryUnreadableException;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobNameTakenException;
import io.jenkins.plugins.trainingjob.core.platform.JobNames;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.JobsOfSpec;
import io.jenkins.plugins.trainingjob.core.platform.NotFoundException;
import io.jenkins.plugins.trainingjob.core.platform.PlatformClientBuilder;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.platform.RawDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence.ResourceSpec;
import io.jenkins.plugins.trainingjob.core.platform.SenseCorePoolEvidence;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreSignature;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreTarget;
import io.jenkins.plugins.trainingjob.core.platform.StatusPage;
import io.jenkins.plugins.trainingjob.core.platform.TokenMatch;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreHmacSigner.Scheme;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import okhttp3.HttpUrl;

/**
 * SenseCore ACP v2 training jobs for one workspace, signed with the x-date HMAC scheme.
 *
 * <p>Creates: the job name is ACP's only idempotency key, so every create carries one (the spec's, or
 * one derived from the client token). A create whose fate is unknown (timeout, reset, 5xx) is never
 * repeated blindly: the client looks the name up a few times; only when the job still does not exist
 * does it create once more, and an "already exists" answer to that second create means the first one
 * landed, so it is looked up again.
 *
 * <p>SenseCore has no diagnosis API: {@link #launchDiagnosis} only checks that the job exists, and
 * {@link #fetchDiagnosis} gathers a {@link SenseCoreEvidence} from job, workers, pool specs, workspace
 * pool bindings, the workspace's job list and events. Calls a restricted access key may not make
 * (bindings, specs, events answering 403 or 404) leave their part empty instead of failing.
 */
public final class SenseCoreClient implements TrainingPlatform {

    static final int WORKER_PAGE_SIZE = 500;
    static final int LIST_PAGE_SIZE_MAX = 500;
    static final int BINDING_PAGE_SIZE = 100;
    /** Bounds paging loops against a server whose totals or tokens never end. */
    static final int MAX_PAGES = 20;

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ConnectionSettings settings;
    private final SenseCoreUrls urls;
    private final CallExecutor http;
    private final SenseCoreSigning signing;
    private final int createLookups;
    private final Duration createLookupWait;
    /** Dates what the client reads (an inventory's {@code readAt}), the same time that dates signatures. */
    private final TimeSource time;

    private SenseCoreClient(Builder b) {
        this.settings = ConnectionSettingsValidator.requireValid(b.settings());
        HttpUrl base = HttpUrl.parse(settings.resolvedEndpoint().toString());
        if (base == null) {
            throw InvalidInputException.worded(
                    "connection",
                    "SenseCore connection: endpoint must be an http(s) URL, " + "was '" + settings.resolvedEndpoint()
                            + "'");
        }
        SenseCoreTarget target = settings.senseCore();
        this.urls = new SenseCoreUrls(
                base, target.subscription(), target.resourceGroup(), target.zone(), target.workspace());
        this.signing = new SenseCoreSigning(
                settings.credentials(), b.scheme, b.mayFallBack, SenseCoreHmacSigner.hostHeader(base));
        this.http = CallExecutor.builder(PlatformKind.SENSECORE, settings.http())
                .signer(signing)
                .errorDecoder(new SenseCoreErrorDecoder(b.time()))
                .requestIdHeader("X-Request-Id")
                .time(b.time())
                .random(b.random())
                .client(b.okHttpClient())
                .build();
        this.createLookups = b.createLookups;
        this.createLookupWait = b.createLookupWait;
        this.time = b.time();
    }

    /** A client in system time (real sleeps) with the connection's signature. */
    public static SenseCoreClient create(ConnectionSettings settings) {
        return builder(settings).build();
    }

    public static Builder builder(ConnectionSettings settings) {
        return new Builder(settings);
    }

    @Override
    public PlatformKind kind() {
        return PlatformKind.SENSECORE;
    }

    @Override
    public ConnectionSettings settings() {
        return settings;
    }

    // ---------------------------------------------------------------- submit

    @Override
    public JobRef submit(JobSpec spec, String clientToken) {
        String name = nameFor(spec, clientToken);
        ObjectNode body = createBody(spec, name, clientToken);
        try {
            return refOf(http.execute(createCall(name, body)).json(), name);
        } catch (TransientException uncertain) {
            // The create may or may not have reached ACP: find out before anything else.
            return recoverUncertainCreate(spec, clientToken, name, body, uncertain);
        } catch (InvalidRequestException e) {
            if (SenseCoreErrorDecoder.isAlreadyExists(e)) {
                throw nameTaken(e, name);
            }
            throw e;
        }
    }

    /** Another job has {@code name} (the look-up by token did not find it to be this submission's). */
    private JobNameTakenException nameTaken(InvalidRequestException refusal, String name) {
        return JobNameTakenException.of(refusal, name, "workspace '" + urls.workspace() + "'");
    }

    /** What a create of {@code spec} under {@code name} sends: the body named, with the client-token entry. */
    private ObjectNode createBody(JobSpec spec, String name, String clientToken) {
        ObjectNode body = spec.body();
        body.put("name", name);
        return SenseCoreTokenEnv.with(body, clientToken, settings.credentials().secretKey());
    }

    private JobRef recoverUncertainCreate(
            JobSpec spec, String clientToken, String name, ObjectNode body, TransientException uncertain) {
        Optional<JobRef> found = lookUpAfterCreate(spec, clientToken, name);
        if (found.isPresent()) {
            return found.get();
        }
        // Not there after several looks: the first create did not land. The name keeps a second one
        // from ever making a duplicate: ACP either creates it now or says it exists.
        try {
            return refOf(http.execute(createCall(name, body)).json(), name);
        } catch (InvalidRequestException e) {
            if (!SenseCoreErrorDecoder.isAlreadyExists(e)) {
                throw e;
            }
            return lookUpAfterCreate(spec, clientToken, name).orElseThrow(() -> nameTaken(e, name));
        } catch (TransientException again) {
            // The second answer was lost too: the name still makes a look-up safe and exact.
            Optional<JobRef> late = lookUpAfterCreate(spec, clientToken, name);
            if (late.isPresent()) {
                return late.get();
            }
            throw CreateRecovery.afterResubmitByName(uncertain, again, 2 * createLookups, name);
        }
    }

    /**
     * {@code createLookups} look-ups by name, each after {@code createLookupWait} (the create may land
     * late). A missing job or a transient failure means "look again"; an interrupt ends the submit.
     */
    private Optional<JobRef> lookUpAfterCreate(JobSpec spec, String clientToken, String name) {
        CreateRecovery.Search search = CreateRecovery.of(
                        http.time(), e -> e instanceof NotFoundException || e instanceof TransientException)
                .search(CreateRecovery.evenly(createLookups, createLookupWait), () -> tokenJobNamed(
                                name, spec, clientToken)
                        .filter(TokenMatch::createdWithThisKey)
                        .map(TokenMatch::job));
        if (search.interrupted()) {
            throw TransientException.interrupted(
                    PlatformKind.SENSECORE,
                    "GET trainingJobs/{name}",
                    "interrupted while looking up job '" + name + "' after an uncertain create",
                    search.interruption());
        }
        return search.found();
    }

    private ApiCall createCall(String name, ObjectNode body) {
        return ApiCall.create("POST trainingJobs?training_job_name={name}", urls.create(name), body);
    }

    private static JobRef refOf(JsonNode job, String requested) {
        return TrainingJobDocument.from(job).ref(requested);
    }

    private static String nameFor(JobSpec spec, String clientToken) {
        Objects.requireNonNull(spec, "spec");
        if (spec.platform() != PlatformKind.SENSECORE) {
            throw InvalidInputException.of(
                    "spec", "platform is " + spec.platform().id() + ", this client submits to sensecore");
        }
        String name = SenseCoreJobName.resolve(spec.name(), clientToken);
        if (!SenseCoreJobName.isValid(name)) {
            throw InvalidInputException.of(
                    "name",
                    "'" + name + "' must be 1-63 characters of a-z, 0-9 and '-',"
                            + " start with a letter and end with a letter or digit");
        }
        return name;
    }

    /**
     * The job of the token: read by each name it can have ({@link JobNames#candidates}: the spec's, then the
     * one it gets when another job has that), and taken only when its own client-token entry names this token
     * ({@link SenseCoreTokenEnv}); a job under the spec's name made by another submission is not this one. A
     * spec without a name gives a name derived from the token, which is proof enough for a job made before
     * the entry existed.
     */
    @Override
    public Optional<TokenMatch> findByClientToken(JobSpec spec, String clientToken) {
        String preferred = nameFor(spec, clientToken);
        boolean derived = spec.name() == null || spec.name().isBlank();
        List<String> names = derived ? List.of(preferred) : JobNames.candidates(preferred, clientToken);
        for (String name : names) {
            Optional<TokenMatch> found = tokenJobNamed(name, spec, clientToken);
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    /**
     * The job named {@code name} when it is the token's: its client-token entry names the token (or, for a
     * name derived from the token, it has no entry); empty for no job, or another submission's.
     */
    private Optional<TokenMatch> tokenJobNamed(String name, JobSpec spec, String clientToken) {
        JsonNode job;
        try {
            job = getJob(name);
        } catch (NotFoundException e) {
            return Optional.empty();
        }
        Optional<String> token = SenseCoreTokenEnv.token(job);
        if (token.isEmpty() && name.equals(SenseCoreJobName.fromClientToken(clientToken))) {
            ObjectNode body = spec.body();
            body.put("name", name);
            return Optional.of(new TokenMatch(refOf(job, name), SubmittedSpecMatch.carries(job, body)));
        }
        if (token.isEmpty() || !token.get().equals(clientToken)) {
            return Optional.empty(); // another submission's job, or one made without trainjob: not this token's
        }
        JobRef ref = refOf(job, name);
        if (!SenseCoreTokenEnv.signedWith(job, settings.credentials().secretKey())) {
            return Optional.of(new TokenMatch(ref, TokenMatch.Kind.OTHER_KEY, ""));
        }
        return Optional.of(new TokenMatch(ref, SubmittedSpecMatch.carries(job, createBody(spec, name, clientToken))));
    }

    /**
     * The job named after the token; else, for a spec that named its job, the newest job of the workspace's
     * list whose client-token entry names the token and was signed with this key (a co-tenant can copy an
     * entry, not sign one). Read from at most {@value #MAX_PAGES} pages.
     */
    @Override
    public Optional<JobRef> findByClientToken(String clientToken) {
        String name = SenseCoreJobName.fromClientToken(clientToken);
        try {
            return Optional.of(refOf(getJob(name), name));
        } catch (NotFoundException e) {
            // a named spec's job: found by its signed entry in the list below
        }
        List<JsonNode> documents = new ArrayList<>();
        allJobDocuments(documents);
        return documents.stream()
                .filter(doc ->
                        SenseCoreTokenEnv.token(doc).filter(clientToken::equals).isPresent())
                .filter(doc ->
                        SenseCoreTokenEnv.signedWith(doc, settings.credentials().secretKey()))
                .map(TrainingJobDocument::from)
                .max(Comparator.comparing(
                        TrainingJobDocument::createTime, Comparator.nullsFirst(Comparator.<Instant>naturalOrder())))
                .map(d -> d.ref(d.name()));
    }

    /** The token's job made with this key ({@link #findByClientToken(JobSpec, String)}), whatever its spec. */
    @Override
    public Optional<JobRef> findSubmitted(JobSpec spec, String clientToken) {
        return findByClientToken(spec, clientToken)
                .filter(TokenMatch::createdWithThisKey)
                .map(TokenMatch::job);
    }

    /**
     * The jobs of the spec in the workspace's list (at most {@value #MAX_PAGES} pages of
     * {@value #LIST_PAGE_SIZE_MAX}), under any token: a job counts when its name is one the spec's jobs get
     * ({@link JobNames#isNameOf}, or the name derived from its token for a spec without one) and its whole
     * document carries the create body this key would send for it under its token, the signed client-token
     * entry included. Newest first.
     */
    @Override
    public JobsOfSpec jobsOfSpec(JobSpec spec) {
        boolean derived = spec.name() == null || spec.name().isBlank();
        List<JsonNode> documents = new ArrayList<>();
        boolean cut = allJobDocuments(documents);
        List<TrainingJobDocument> ours = new ArrayList<>();
        Map<String, String> tokens = new LinkedHashMap<>();
        for (JsonNode doc : documents) {
            String name = WireValues.text(doc, "name");
            Optional<String> token = SenseCoreTokenEnv.token(doc);
            if (name.isEmpty() || token.isEmpty() || !ClientToken.isValid(token.get())) {
                continue;
            }
            boolean named = derived
                    ? name.equals(SenseCoreJobName.fromClientToken(token.get()))
                    : JobNames.isNameOf(spec.name().trim(), name, token.get());
            if (named && SubmittedSpecMatch.carries(doc, createBody(spec, name, token.get()))) {
                TrainingJobDocument d = TrainingJobDocument.from(doc);
                ours.add(d);
                tokens.put(d.name(), token.get());
            }
        }
        List<JobsOfSpec.Found> found = ours.stream()
                .sorted(Comparator.comparing(
                        TrainingJobDocument::createTime, Comparator.nullsLast(Comparator.<Instant>reverseOrder())))
                .map(d -> new JobsOfSpec.Found(d.ref(d.name()), tokens.get(d.name())))
                .toList();
        return new JobsOfSpec(
                found,
                cut
                        ? Optional.of("jobs after the first " + MAX_PAGES * LIST_PAGE_SIZE_MAX
                                + " of the workspace's list (the look-up reads " + MAX_PAGES + " pages)")
                        : Optional.empty());
    }

    // ---------------------------------------------------------------- status and lists

    @Override
    public JobStatus status(JobRef job) {
        String name = idOf(job);
        TrainingJobDocument doc = TrainingJobDocument.from(getJob(name));
        return doc.toStatus(name, workers(name));
    }

    private JsonNode getJob(String name) {
        return http.execute(ApiCall.get("GET trainingJobs/{name}", urls.job(name)))
                .json();
    }

    /**
     * All workers, paging by page number until {@code total_size} are read ({@code next_page_token} is
     * documented as unused). A job that vanished between the two calls has no workers.
     */
    List<WorkerStatus> workers(String name) {
        List<WorkerStatus> workers = new ArrayList<>();
        for (int page = 1; page <= MAX_PAGES; page++) {
            JsonNode body;
            try {
                body = http.execute(ApiCall.get(
                                "GET trainingJobs/{name}/workers", urls.workers(name, WORKER_PAGE_SIZE, page)))
                        .json();
            } catch (NotFoundException gone) {
                break;
            }
            List<WorkerStatus> batch = SenseCoreResponses.workers(body);
            workers.addAll(batch);
            long total = SenseCoreResponses.totalSize(body);
            if (batch.isEmpty() || total < 0 || workers.size() >= total) {
                break;
            }
        }
        return workers;
    }

    /**
     * One page of the workspace's jobs. Tokens are ACP's decimal page numbers ({@code null} = {@code "1"});
     * page sizes are clamped to 1–500. Jobs repeated within the page are dropped by uid; a job that
     * moved to the next page while paging may appear on both, so callers merging pages key by job id.
     */
    @Override
    public StatusPage listStatuses(String pageToken, int pageSize) {
        int page = pageNumber(pageToken);
        JsonNode body = listPage(page, pageSize);
        Map<String, TrainingJobDocument> unique = new LinkedHashMap<>();
        addUnique(body, unique);
        List<JobStatus> statuses = unique.values().stream()
                .sorted(Comparator.comparing(
                        TrainingJobDocument::createTime, Comparator.nullsLast(Comparator.<Instant>reverseOrder())))
                .map(d -> d.toStatus(d.name(), List.of()))
                .toList();
        return new StatusPage(statuses, nextPage(body, page));
    }

    private JsonNode listPage(int page, int pageSize) {
        int size = Math.max(1, Math.min(pageSize, LIST_PAGE_SIZE_MAX));
        return http.execute(ApiCall.get("GET trainingJobs", urls.list(size, Integer.toString(page))))
                .json();
    }

    /**
     * Every job of the workspace, de-duplicated by uid: pages shift while jobs are created, so a job may
     * appear on two pages. At most {@link #MAX_PAGES} pages.
     */
    List<TrainingJobDocument> allJobs() {
        List<JsonNode> documents = new ArrayList<>();
        allJobDocuments(documents);
        return documents.stream().map(TrainingJobDocument::from).toList();
    }

    /**
     * Every job document of the workspace into {@code into}, de-duplicated by uid (by name when a job has
     * none), in the order read; at most {@link #MAX_PAGES} pages.
     *
     * @return whether the pages ran out before the list did (jobs were left unread)
     */
    private boolean allJobDocuments(List<JsonNode> into) {
        Map<String, JsonNode> unique = new LinkedHashMap<>();
        int page = 1;
        for (int i = 0; i < MAX_PAGES; i++) {
            JsonNode body = listPage(page, LIST_PAGE_SIZE_MAX);
            for (JsonNode j : WireValues.array(body, "training_jobs")) {
                String uid = WireValues.text(j, "uid");
                unique.putIfAbsent(uid.isEmpty() ? "name:" + WireValues.text(j, "name") : uid, j);
            }
            String next = nextPage(body, page);
            if (next == null) {
                into.addAll(unique.values());
                return false;
            }
            page = Integer.parseInt(next);
        }
        into.addAll(unique.values());
        return true;
    }

    /** Adds the page's jobs not seen yet, keyed by uid (by name when a job has none). */
    private static void addUnique(JsonNode page, Map<String, TrainingJobDocument> unique) {
        for (JsonNode j : WireValues.array(page, "training_jobs")) {
            TrainingJobDocument doc = TrainingJobDocument.from(j);
            unique.putIfAbsent(doc.uid().isEmpty() ? "name:" + doc.name() : doc.uid(), doc);
        }
    }

    private static int pageNumber(String pageToken) {
        if (pageToken == null || pageToken.isEmpty()) {
            return 1;
        }
        try {
            int page = Integer.parseInt(pageToken.trim());
            if (page >= 1) {
                return page;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw InvalidInputException.of("pageToken", "'" + pageToken + "' is not a SenseCore page number (1, 2, ...)");
    }

    /** The next page number, or {@code null} at the end ({@code ""}, {@code "0"}, or a token that does not advance). */
    private static String nextPage(JsonNode body, int current) {
        String token = WireValues.text(body, "next_page_token").trim();
        try {
            int next = Integer.parseInt(token);
            return next > current ? Integer.toString(next) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    // ---------------------------------------------------------------- stop, delete, events

    @Override
    public void cancel(JobRef job) {
        String name = idOf(job);
        try {
            http.execute(ApiCall.idempotentPost("POST trainingJobs:batchStop", urls.batchStop(), batchBody(name)));
        } catch (InvalidRequestException refused) {
            // ACP may refuse to stop a job that has already ended; that is the outcome we wanted.
            if (!status(job).phase().isTerminal()) {
                throw refused;
            }
        }
    }

    /** Deletes the job ({@code :batchDelete}). Deleting a job that is already gone succeeds. */
    public void delete(JobRef job) {
        try {
            http.execute(
                    ApiCall.idempotentPost("POST trainingJobs:batchDelete", urls.batchDelete(), batchBody(idOf(job))));
        } catch (NotFoundException alreadyGone) {
            // the wanted outcome
        }
    }

    private ObjectNode batchBody(String name) {
        ObjectNode body = JSON.createObjectNode();
        body.put("subscription_name", urls.subscription());
        body.put("resource_group_name", urls.resourceGroup());
        body.put("zone", urls.zone());
        body.put("workspace_name", urls.workspace());
        body.putArray("training_job_names").add(name);
        return body;
    }

    @Override
    public boolean stillStopping(JobStatus status) {
        return SenseCoreJobStates.stillStopping(status.rawState());
    }

    @Override
    public List<JobEvent> events(JobRef job) {
        return eventsIfServed(idOf(job)).orElse(List.of());
    }

    /** The job's events oldest first, or empty when the (undocumented) endpoint answers 403 or 404. */
    Optional<List<JobEvent>> eventsIfServed(String name) {
        try {
            JsonNode body = http.execute(ApiCall.get("GET trainingJobs/{name}/events", urls.events(name)))
                    .json();
            List<JobEvent> events = new ArrayList<>(SenseCoreResponses.events(body));
            events.sort(
                    Comparator.comparing(SenseCoreClient::eventTime, Comparator.nullsFirst(Comparator.naturalOrder())));
            return Optional.of(List.copyOf(events));
        } catch (NotFoundException | AuthenticationException e) {
            if (notServed(e)) {
                return Optional.empty();
            }
            throw e;
        }
    }

    private static Instant eventTime(JobEvent e) {
        return e.firstSeen() != null ? e.firstSeen() : e.lastSeen();
    }

    // ---------------------------------------------------------------- diagnosis

    /** Checks that the job exists and returns a local handle: ACP has nothing to launch. */
    @Override
    public DiagnosisHandle launchDiagnosis(JobRef job) {
        String name = idOf(job);
        return new DiagnosisHandle("sensecore-evidence-" + UUID.randomUUID(), refOf(getJob(name), name));
    }

    /** ACP keeps no diagnoses: one is derived from its job each time, so the job cannot be left out. */
    @Override
    public JobRef jobOfDiagnosis(String diagnosisId) {
        throw InvalidRequestException.refused(
                PlatformKind.SENSECORE,
                "fetch diagnosis",
                "jobId",
                "a SenseCore diagnosis is derived from its job each time: give the job id, not only the "
                        + "diagnosis id");
    }

    @Override
    public RawDiagnosis fetchDiagnosis(DiagnosisHandle handle) {
        Objects.requireNonNull(handle, "handle");
        String name = idOf(handle.job());
        TrainingJobDocument doc = TrainingJobDocument.from(getJob(name));
        JobStatus status = doc.toStatus(name, workers(name));
        List<SenseCoreResponses.Binding> bindings = bindings();
        List<ResourceSpec> specs = poolSpecs(doc, bindings);
        List<TrainingJobDocument> workspaceJobs = doc.poolName().isEmpty() ? List.of() : allJobs();
        List<JobEvent> events = eventsIfServed(name).orElse(null);
        return SenseCoreEvidenceAssembler.assemble(
                status,
                doc,
                specs,
                bindings.stream().map(SenseCoreResponses.Binding::binding).toList(),
                workspaceJobs,
                events);
    }

    /**
     * SenseCore's inventory: the workspace's pool bindings (reserved and spot quota) and the resource specs
     * of {@code pool}; its API lists no nodes, so {@code nodesComplete} is false.
     */
    @Override
    public PoolInventory inventory(String pool) {
        String name = pool == null ? "" : pool.trim();
        List<SenseCoreResponses.Binding> bindings = bindings();
        String zone = bindings.stream()
                .filter(b -> b.binding().name().equals(name))
                .map(SenseCoreResponses.Binding::poolZone)
                .filter(z -> !z.isEmpty())
                .findFirst()
                .orElse("");
        if (name.isEmpty() || zone.isEmpty()) {
            throw InventoryUnreadableException.notReadable(
                    PlatformKind.SENSECORE,
                    "GET workspaceAEC2Bindings",
                    name.isEmpty()
                            ? "the job names no resource pool"
                            : "pool " + name + " is not among the workspace's bindings this key can read");
        }
        List<ResourceSpec> specs;
        try {
            specs = SenseCoreResponses.resourceSpecs(
                    http.execute(ApiCall.get("GET aec2s/{pool}/resourceSpecs", urls.resourceSpecs(zone, name)))
                            .json());
        } catch (NotFoundException | AuthenticationException e) {
            if (notServed(e)) {
                throw InventoryUnreadableException.of(e);
            }
            throw e;
        }
        return new PoolInventory(
                name,
                name,
                List.of(),
                List.of(),
                false,
                null,
                new SenseCorePoolEvidence(
                        specs,
                        bindings.stream()
                                .map(SenseCoreResponses.Binding::binding)
                                .toList()),
                time.now());
    }

    /** The workspace's pool bindings, or none when the key may not read them (403) or they are not served (404). */
    List<SenseCoreResponses.Binding> bindings() {
        List<SenseCoreResponses.Binding> all = new ArrayList<>();
        try {
            for (int page = 1; page <= MAX_PAGES; page++) {
                JsonNode body = http.execute(
                                ApiCall.get("GET workspaceAEC2Bindings", urls.bindings(BINDING_PAGE_SIZE, page)))
                        .json();
                List<SenseCoreResponses.Binding> batch = SenseCoreResponses.bindings(body);
                all.addAll(batch);
                long total = SenseCoreResponses.totalSize(body);
                boolean more = total >= 0 ? all.size() < total : nextPage(body, page) != null;
                if (batch.isEmpty() || !more) {
                    break;
                }
            }
        } catch (NotFoundException | AuthenticationException e) {
            if (notServed(e)) {
                return List.of();
            }
            throw e;
        }
        return all;
    }

    /**
     * The resource specs of the job's pool, addressed by the pool's zone: from the binding's id, else
     * the job's {@code resource_pool.zone} (the public pool). Empty when neither is known or the call is
     * refused.
     */
    private List<ResourceSpec> poolSpecs(TrainingJobDocument doc, List<SenseCoreResponses.Binding> bindings) {
        if (doc.poolName().isEmpty()) {
            return List.of();
        }
        String zone = bindings.stream()
                .filter(b -> b.binding().name().equals(doc.poolName()))
                .map(SenseCoreResponses.Binding::poolZone)
                .filter(z -> !z.isEmpty())
                .findFirst()
                .orElse(doc.poolZone());
        if (zone.isEmpty()) {
            return List.of();
        }
        try {
            return SenseCoreResponses.resourceSpecs(http.execute(
                            ApiCall.get("GET aec2s/{pool}/resourceSpecs", urls.resourceSpecs(zone, doc.poolName())))
                    .json());
        } catch (NotFoundException | AuthenticationException e) {
            if (notServed(e)) {
                return List.of();
            }
            throw e;
        }
    }

    /**
     * A 404, or a 403 (this key may not read it), from an optional call: its part of the evidence stays
     * empty. A 401 (a bad signature) is still an error.
     */
    private static boolean notServed(PlatformException e) {
        return e instanceof NotFoundException || e instanceof AuthenticationException && e.httpStatus() == 403;
    }

    private static String idOf(JobRef job) {
        Objects.requireNonNull(job, "job");
        if (job.platform() != PlatformKind.SENSECORE) {
            throw new IllegalArgumentException(
                    "job: " + job.id() + " belongs to " + job.platform().id() + ", not sensecore");
        }
        return job.id();
    }

    /** The signature fallback, when this connection made one ({@link SenseCoreSigning}). */
    @Override
    public List<String> notices() {
        return signing.notices();
    }

    @Override
    public void onNotice(java.util.function.Consumer<String> sink) {
        signing.onNotice(sink);
    }

    /** The signature this connection sends now: its setting's, or date-only after a fallback. */
    public Scheme scheme() {
        return signing.scheme();
    }

    @Override
    public void close() {
        http.close();
    }

    @Override
    public String toString() {
        return "SenseCoreClient{endpoint=" + settings.resolvedEndpoint() + ", workspace=" + urls.workspace() + "}";
    }

    /** Options for tests and special set-ups ({@link PlatformClientBuilder}); only the settings are required. */
    public static final class Builder extends PlatformClientBuilder<Builder> {
        private Scheme scheme;
        private boolean mayFallBack;
        private int createLookups = 5;
        private Duration createLookupWait = Duration.ofSeconds(2);

        private Builder(ConnectionSettings settings) {
            super(settings, PlatformKind.SENSECORE);
            // Bind method, path and host unless the connection says its gateway needs date-only (review S2);
            // without a setting, a 401 to that may still be answered with date-only once (SenseCoreSigning).
            SenseCoreSignature chosen = settings.senseCoreSignature();
            this.scheme = chosen == SenseCoreSignature.DATE_ONLY ? Scheme.X_DATE : Scheme.DATE_HOST_TARGET;
            this.mayFallBack = chosen == null;
        }

        /**
         * The signature scheme, overriding the connection's {@link ConnectionSettings#senseCoreSignature()}:
         * an explicit choice, which never falls back.
         */
        public Builder scheme(Scheme scheme) {
            this.scheme = Objects.requireNonNull(scheme, "scheme");
            this.mayFallBack = false;
            return this;
        }

        /** How often and how far apart to look a job up after a create whose outcome is unknown. */
        public Builder createLookups(int attempts, Duration wait) {
            if (attempts < 1) {
                throw new IllegalArgumentException("createLookups: attempts must be at least 1, was " + attempts);
            }
            this.createLookups = attempts;
            this.createLookupWait = Objects.requireNonNull(wait, "wait");
            return this;
        }

        public SenseCoreClient build() {
            return new SenseCoreClient(this);
        }
    }
}
