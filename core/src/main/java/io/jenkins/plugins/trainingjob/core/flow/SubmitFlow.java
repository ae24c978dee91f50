package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.monitor.CallResult;
import io.jenkins.plugins.trainingjob.core.monitor.JobWatcher;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorTasks;
import io.jenkins.plugins.trainingjob.core.monitor.WaitBudget;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.monitor.Watch;
import io.jenkins.plugins.trainingjob.core.monitor.WatchListener;
import io.jenkins.plugins.trainingjob.core.monitor.WatchState;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.outcome.OutcomeClass;
import io.jenkins.plugins.trainingjob.core.platform.ClientToken;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.QuotaExceededException;
import io.jenkins.plugins.trainingjob.core.report.Attempt;
import io.jenkins.plugins.trainingjob.core.report.AttemptEnd;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshots;
import io.jenkins.plugins.trainingjob.core.spec.OutputRules;
import io.jenkins.plugins.trainingjob.core.spec.SpecDigest;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.core.text.DurationText;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The one submit every front end runs: the CLI's {@code submit}, the Pipeline step and the freestyle
 * builder hand it a {@link SubmitRequest}, the bound primary target and a {@link TargetBinder}, and present
 * its {@link SubmitResult}. A plain submit is a plan of one target with no retries; fallback targets and
 * retries only make the plan longer.
 *
 * <p>The sequence, as named transitions: the identity (reuse, or the look-up of a token that may be in use)
 * → the plan (pre-flight, one rule: {@link PreflightMode#refuses}) → per attempt: save the token → create →
 * watch → move (stop, confirm, next target) | retry (a back-off timer, same target) | end (clean-up, the
 * job's log). It runs on the monitor's threads in the watch's discipline (docs/contribute/monitor-threads.md):
 * each step ends the submit, hands one call to the call pool, or arms one timer, so a waiting submit holds no
 * thread, an interrupt acts at once (a back-off is a cancelled timer), and the monitor's one clock times it.
 *
 * <p>Never two jobs for one submit: before a move the job is stopped and the stop confirmed by its state;
 * a job that starts while being stopped is kept and nothing more moves; a stop that cannot be confirmed ends
 * the submit there. Each attempt has its own token ({@link ClientToken#forAttempt}), saved before its create
 * ({@link SubmitStore}), so a resumed submit looks the attempt up instead of creating it again.
 */
public final class SubmitFlow implements Submit {
    private static final System.Logger LOG = System.getLogger(SubmitFlow.class.getName());

    /** How long pre-flight on every target of a fallback plan may take together. */
    static final Duration PREFLIGHT_BOUND = Duration.ofSeconds(30);

    private final JobWatcher watcher;
    private final MonitorTasks tasks;
    private final SubmitRequest request;
    private final List<BoundTarget> targets;
    private final SubmitListener listener;
    private final SubmitStore store;
    private final CompletableFuture<SubmitResult> result = new CompletableFuture<>();
    private volatile SubmitState state;
    private volatile Eta eta;

    // Scheduler-thread state.
    private List<BoundTarget> order = List.of();
    private final Map<Integer, Outcome> outcomes = new HashMap<>();
    private MonitorTasks.Registration closing;
    private boolean interrupted;
    /** Set by an interrupt or the monitor's close from any thread: a log read in progress stops at once. */
    private volatile boolean stopReads;
    /** Set by {@link #interrupt()} on the caller's thread, before the scheduler handles it. */
    private volatile boolean interruptAsked;
    /** An interrupt came while the last wait's end was made: the result stands, and a line says so. */
    private boolean lateInterrupt;
    /** "stopping job X" was said for the current job: the stop that follows says only how it went. */
    private boolean saidStopping;

    private boolean done;
    private boolean creating;
    private boolean noMoreMoves;
    private Watch watch;
    /** The last wait's outcome while its end is handled (clean-up, the job's log); {@code null} before. */
    private Outcome ending;

    private TimeSource.Timer timer;
    private Instant legStart;
    private DiagnosisReport preflight;
    private int firstAttempt = 1;
    private PlanStep planStep;

    private SubmitFlow(
            JobWatcher watcher,
            SubmitRequest request,
            List<BoundTarget> targets,
            SubmitListener listener,
            SubmitStore store,
            SubmitState state) {
        this.watcher = watcher;
        this.tasks = watcher.tasks();
        this.request = request;
        this.targets = List.copyOf(targets);
        this.listener = listener == null ? SubmitListener.NONE : listener;
        this.store = store == null ? SubmitStore.NONE : store;
        this.state = state;
    }

    /**
     * Starts a submit. Every fallback target is bound first, on the caller's thread, so one that cannot be
     * bound is refused before anything is looked up or created.
     *
     * @param primary target 1, bound by the front end
     * @throws io.jenkins.plugins.trainingjob.core.spec.InvalidInputException naming the field of a target that
     *     cannot be bound
     * @throws IllegalStateException when the monitor is closed
     */
    public static Submit start(
            JobWatcher watcher,
            SubmitRequest request,
            BoundTarget primary,
            TargetBinder binder,
            SubmitListener listener,
            SubmitStore store) {
        List<BoundTarget> targets = bind(request, primary, binder);
        String token = request.clientToken() != null
                ? request.clientToken()
                : request.reuse() == ReusePolicy.NEVER ? UUID.randomUUID().toString() : null;
        SubmitState fresh = SubmitState.start(
                token, request.clientToken() != null, watcher.tasks().now());
        return new SubmitFlow(watcher, request, targets, listener, store, fresh).begin();
    }

    /**
     * Goes on with a submit from its saved state (after a restart): targets bound again, nothing created twice,
     * the wait budget counted from the submit's first start.
     */
    public static Submit resume(
            JobWatcher watcher,
            SubmitRequest request,
            BoundTarget primary,
            TargetBinder binder,
            SubmitState saved,
            SubmitListener listener,
            SubmitStore store) {
        List<BoundTarget> targets = bind(request, primary, binder);
        return new SubmitFlow(watcher, request, targets, listener, store, saved).begin();
    }

    /**
     * Follows a job that exists already ({@code trainjob await}, {@code awaitScheduleDiagnosis}): a plan of
     * one target whose only attempt's job is known, so its wait ends as a submit's does (the clean-up of a
     * job the failed wait leaves, the outputs of its log). A front end that survives restarts saves its state
     * and goes on with {@link #resume}.
     *
     * @param target where the job runs; its spec is {@code null} when none is known (then only the
     *     {@code trainjob-output} lines of the log are outputs)
     */
    public static Submit follow(
            JobWatcher watcher,
            SubmitRequest request,
            BoundTarget target,
            JobRef job,
            SubmitListener listener,
            SubmitStore store) {
        SubmitState known = SubmitState.following(job, null, watcher.tasks().now());
        return new SubmitFlow(watcher, request, List.of(target), listener, store, known).begin();
    }

    private static List<BoundTarget> bind(SubmitRequest request, BoundTarget primary, TargetBinder binder) {
        List<BoundTarget> all = new ArrayList<>();
        all.add(primary);
        for (FallbackTarget t : request.fallbacks()) {
            all.add(binder.bind(t));
        }
        return all;
    }

    private Submit begin() {
        if (!tasks.onScheduler(() -> step(this::resumeOrStart))) {
            throw new IllegalStateException("the job monitor is closed");
        }
        return this;
    }

    // ---- the handle (any thread) ----

    @Override
    public CompletableFuture<SubmitResult> result() {
        return result;
    }

    @Override
    public boolean interrupt() {
        if (result.isDone()) {
            return false;
        }
        stopReads = true;
        interruptAsked = true;
        tasks.onScheduler(() -> step(this::onInterrupt));
        return true;
    }

    @Override
    public SubmitState state() {
        return state;
    }

    @Override
    public Eta eta() {
        Watch w = watch;
        Eta e = w == null ? null : w.eta();
        return e != null ? e : eta;
    }

    // ---- identity and plan ----

    private void resumeOrStart() {
        closing = tasks.whenClosing(this::onMonitorClosed);
        order = orderOf(state.planOrder());
        switch (state.stage()) {
            case PLANNING -> decideIdentity();
            case LOOKING_UP -> lookUpEveryAttempt();
            case TOKEN_SAVED -> lookUpThenCreate();
            case WATCHING -> resumeWatching();
            case STOPPING -> move(null, "moving on after a restart");
            case BACKING_OFF -> backOff(Duration.between(tasks.now(), state.backoffUntil()));
            case ENDED -> endFailed(new IllegalStateException("the submit had ended; there is nothing to resume"));
        }
    }

    /** Reuse names the job's identity; a token the user gave may name jobs already; else a fresh plan. */
    private void decideIdentity() {
        BoundTarget primary = targets.get(0);
        if (request.reuse() != ReusePolicy.NEVER) {
            String family = SpecDigest.reuseToken(primary.spec(), request.reuseVariables());
            call(
                    "reuse look-up",
                    () -> SpecReuse.decide(primary.platform(), primary.spec(), family, request.reuse()),
                    r -> onReuseDecided(family, r));
        } else if (state.tokenMayBeInUse()) {
            lookUpEveryAttempt();
        } else {
            plan();
        }
    }

    private void onReuseDecided(String family, CallResult<SpecReuse.Decision> r) {
        if (!r.ok()) {
            endFailed(r.error());
            return;
        }
        SpecReuse.Decision d = r.value();
        Optional<SpecReuse.Reused> found = d.reused();
        state = state.named(family, found.map(SpecReuse.Reused::toDocument).orElse(null));
        firstAttempt = d.attempt();
        if (found.isPresent()) {
            emit(new SubmitEvent.Reused(found.get(), tasks.now()));
            order = List.of(targets.get(0));
            state = state.planned(List.of(1), Map.of())
                    .watching(d.attempt(), 0, found.get().job());
            afterKnownJob(new IdempotentSubmitter.Submitted(found.get().job(), true, d.clientToken()), false);
            return;
        }
        emit(new SubmitEvent.ReuseMissed(request.reuse(), d.notChecked(), d.skipped()));
        plan();
    }

    /** A token that may be in use: every attempt is looked up, and the last one found goes on. */
    private void lookUpEveryAttempt() {
        List<BoundTarget> where = order.isEmpty() ? targets : order;
        String base = state.baseToken();
        int most = request.mostAttempts();
        call("client token look-up", () -> AttemptLookup.all(where, base, most), r -> onLookedUp(where, r));
    }

    private void onLookedUp(List<BoundTarget> where, CallResult<List<AttemptLookup.Found>> r) {
        if (!r.ok()) {
            endFailed(r.error());
            return;
        }
        if (r.value().isEmpty()) {
            if (state.planOrder().isEmpty()) {
                plan();
            } else {
                createNext(1, 0); // saved by an earlier release, nothing found: start over, as it would have
            }
            return;
        }
        List<AttemptLookup.Found> found = r.value();
        if (order.isEmpty()) {
            order = where;
            state = state.planned(numbers(where), Map.of());
        }
        for (int i = 0; i + 1 < found.size(); i++) {
            AttemptLookup.Found f = found.get(i);
            state = state.ended(attempt(
                    f.attempt(),
                    f.index(),
                    f.job(),
                    "superseded",
                    AttemptEnd.SUPERSEDED,
                    Duration.ZERO,
                    "found on resume; a later attempt exists"));
            if (f.index() == found.get(i + 1).index()) {
                state = state.retryCounted();
            }
        }
        AttemptLookup.Found last = found.get(found.size() - 1);
        state = state.watching(last.attempt(), last.index(), last.job());
        if (request.severalAttempts()) {
            emit(new SubmitEvent.Resumed(last.attempt(), label(last.index()), last.job(), last.token(), true));
            afterKnownJob(null, false);
        } else {
            afterKnownJob(new IdempotentSubmitter.Submitted(last.job(), true, last.token()), false);
        }
    }

    private void plan() {
        if (interrupted) {
            endInterrupted(null, "interrupted before anything was submitted; no job was created");
            return;
        }
        if (request.preflight() == PreflightMode.OFF && targets.size() == 1) {
            planned(targets, Map.of());
        } else if (targets.size() == 1) {
            BoundTarget only = targets.get(0);
            call("pre-flight", () -> Preflight.check(only.platform(), only.spec()), this::onPreflightChecked);
        } else {
            PlanStep step =
                    PlanStep.start(tasks, targets, request, new QueueEtaSource(), plan -> step(() -> onPlanned(plan)));
            planStep = step.over() ? null : step;
        }
    }

    private void onPreflightChecked(CallResult<DiagnosisReport> r) {
        if (!r.ok()) {
            endFailed(r.error());
            return;
        }
        preflight = r.value();
        boolean refused = request.preflight().refuses(preflight.verdict());
        emit(new SubmitEvent.PreflightChecked(preflight, request.preflight(), refused, ""));
        if (refused) {
            endRefused(targets.get(0), preflight);
            return;
        }
        if (preflight.verdict() == Verdict.FITS_NOW && request.waitMode() == WaitMode.NONE) {
            // no watch will see this job start: what pre-flight found is the only record of its fit
            StartSnapshots snapshots = snapshots(targets.get(0));
            Instant now = tasks.now();
            call(
                    "pre-flight snapshot",
                    () -> {
                        snapshots.keepAtPreflight(targets.get(0).platform(), now);
                        return Boolean.TRUE;
                    },
                    kept -> planned(targets, Map.of(1, preflight.verdict())));
            return;
        }
        planned(targets, Map.of(1, preflight.verdict()));
    }

    private void onPlanned(TargetChoice.Plan plan) {
        planStep = null;
        emit(new SubmitEvent.Planned(plan.lines()));
        if (plan.order().isEmpty()) {
            endRefused(plan.skipped().get(0).candidate(), plan.skipped().get(0).preflight());
            return;
        }
        Map<Integer, Verdict> verdicts = new TreeMap<>();
        plan.order().stream()
                .filter(j -> j.verdict() != null)
                .forEach(j -> verdicts.put(j.candidate().number(), j.verdict()));
        planned(plan.order().stream().map(TargetChoice.Judged::candidate).toList(), verdicts);
    }

    private void planned(List<BoundTarget> chosen, Map<Integer, Verdict> verdicts) {
        if (interrupted) {
            endInterrupted(null, "interrupted before anything was submitted; no job was created");
            return;
        }
        order = List.copyOf(chosen);
        state = state.planned(numbers(chosen), verdicts);
        createNext(firstAttempt, 0);
    }

    // ---- create ----

    private void lookUpThenCreate() {
        int n = state.attempt();
        int index = state.targetIndex();
        String base = state.baseToken();
        call("client token look-up", () -> AttemptLookup.at(order.get(index), index, base, n), r -> {
            if (!r.ok()) {
                endFailed(r.error());
            } else if (r.value().isPresent()) {
                state = state.watching(n, index, r.value().get().job());
                emit(new SubmitEvent.Resumed(n, label(index), state.job(), state.currentToken(), true));
                afterKnownJob(null, false);
            } else {
                createNext(n, index);
            }
        });
    }

    /** Saves attempt {@code n}'s token, then creates its job on the target at {@code index}. */
    private void createNext(int n, int index) {
        state = state.tokenSaved(n, index, tasks.now());
        String token = state.currentToken();
        if (request.severalAttempts()) {
            emit(new SubmitEvent.TokenSaved(n, label(index), token, state.baseToken()));
        }
        saveThen(true, saved -> {
            if (!saved) {
                endFailed(new IllegalStateException("attempt " + n + ": its client token could not be saved before"
                        + " the create; nothing was created"));
            } else if (interrupted) {
                state = state.ended(attempt(
                        n,
                        index,
                        null,
                        "cancelled",
                        AttemptEnd.INTERRUPTED,
                        Duration.ZERO,
                        "interrupted before the create; no job created"));
                endInterrupted(
                        null,
                        request.severalAttempts()
                                ? "interrupted before attempt " + n + " was created; no job left running"
                                : "interrupted before anything was submitted; no job was created");
            } else {
                create(n, index, token);
            }
        });
    }

    private void create(int n, int index, String token) {
        BoundTarget target = order.get(index);
        legStart = tasks.now();
        creating = true;
        call(
                "create",
                () -> IdempotentSubmitter.create(target.platform(), AttemptSpec.forAttempt(target.spec(), n), token),
                r -> {
                    creating = false;
                    if (!r.ok()) {
                        onCreateFailed(n, index, r.error());
                        return;
                    }
                    state = state.watching(n, index, r.value().job());
                    saveThen(false, ignored -> {});
                    afterKnownJob(r.value(), true);
                });
    }

    private void onCreateFailed(int n, int index, RuntimeException error) {
        state = state.ended(attempt(
                n,
                index,
                null,
                "",
                AttemptEnd.CREATE_FAILED,
                waitedSince(legStart),
                "create failed: " + ConsoleText.strip(String.valueOf(error.getMessage()))));
        if (!(error instanceof QuotaExceededException)) {
            endFailed(error);
            return;
        }
        // A quota refusal is no outage: pre-flight's reading of the reservation says whether waiting can help.
        BoundTarget target = order.get(index);
        tasks.call(
                target.platform().kind(),
                "pre-flight",
                () -> Preflight.check(target.platform(), target.spec()),
                r -> step(() -> end(failed(error, OutcomeClass.ofQuotaRefusal(r.ok() ? r.value() : null)))));
    }

    /** The attempt's job is known (created, found, reused): say so, then wait for it, or end. */
    private void afterKnownJob(IdempotentSubmitter.Submitted submitted, boolean created) {
        if (submitted != null && state.reused() == null) {
            emit(new SubmitEvent.Submitted(
                    state.attempt(), label(state.targetIndex()), submitted, request.severalAttempts()));
        }
        if (interrupted) {
            stopAfterInterrupt();
            return;
        }
        if (request.waitMode() == WaitMode.NONE) {
            JobRef job = state.job();
            call("job status", () -> order.get(state.targetIndex()).platform().status(job), r -> {
                if (interrupted) {
                    stopAfterInterrupt();
                    return;
                }
                state = state.ended(
                        attempt(state.attempt(), state.targetIndex(), job, "", AttemptEnd.FINAL, Duration.ZERO, ""));
                end(new SubmitResult(
                        SubmitResult.Ending.SUBMITTED,
                        state.baseToken(),
                        state.attempts(),
                        outcomes,
                        null,
                        job,
                        order.get(state.targetIndex()),
                        preflight,
                        state.reused(),
                        null,
                        null,
                        null,
                        null,
                        r.ok() ? r.value() : null));
            });
            return;
        }
        if (created) {
            Preflight.waitNote(preflight).ifPresent(note -> emit(new SubmitEvent.WaitNote(note)));
        }
        watchLeg();
    }

    // ---- watch ----

    private void resumeWatching() {
        if (!state.follows() || state.watch() != null) { // a followed job's first watch is no resume
            JobRef job = state.job();
            emit(new SubmitEvent.Resumed(
                    state.attempt(), label(state.targetIndex()), job, state.currentToken(), false));
        }
        watchLeg();
    }

    private void watchLeg() {
        BoundTarget target = order.get(state.targetIndex());
        JobRef job = state.job();
        WaitBudget budget = new WaitBudget(
                request.budget().maxWait(), state.startedAt(), request.budget().estimate());
        WatchState saved = state.watch();
        if (legStart == null) {
            legStart = saved != null ? saved.startedAt() : tasks.now();
        }
        Watch w;
        try {
            w = saved != null && saved.job().equals(job) && saved.phase() != WatchState.Phase.DONE
                    ? watcher.resume(saved, budget, snapshots(target), new LegListener())
                    : watcher.watch(
                            target.connectionId(), job, request.policy(), budget, snapshots(target), new LegListener());
        } catch (IllegalStateException closed) {
            endClosed();
            return;
        } catch (RuntimeException e) {
            endFailed(e);
            return;
        }
        if (saved == null) {
            emit(new SubmitEvent.Waiting(
                    job,
                    request.policy().until() == WaitTarget.COMPLETED,
                    request.policy().pendingTimeout()));
        }
        watch = w;
        if (w.state().phase() != WatchState.Phase.DONE) {
            // kept at once (the watch tells its listener later, on the scheduler): a step saved now resumes it
            state = state.watched(w.state());
            saveThen(false, ignored -> {});
        }
        w.outcome().whenComplete((outcome, error) -> tasks.onScheduler(() -> step(() -> onLegEnded(w, outcome))));
    }

    /** Relays the watch's events, and keeps its durable state in the submit's. */
    private final class LegListener implements WatchListener {
        @Override
        public void onEvent(MonitorEvent event) {
            try {
                listener.onWatchEvent(event);
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "submit listener failed", e);
            }
        }

        @Override
        public void onStateChanged(WatchState s) {
            if (s.phase() != WatchState.Phase.DONE && !done) {
                state = state.watched(s);
                saveThen(false, ignored -> {});
            }
        }
    }

    private void onLegEnded(Watch w, Outcome outcome) {
        if (done || w != watch) {
            return;
        }
        watch = null;
        eta = w.eta();
        if (outcome instanceof Outcome.Cancelled && !interrupted) {
            endClosed(); // the monitor closed (a shutdown): the saved state resumes the wait
            return;
        }
        outcomes.put(state.attempt(), outcome);
        if (outcome instanceof Outcome.Cancelled cancelled) {
            recordLeg(outcome, AttemptEnd.INTERRUPTED, "interrupted");
            endInterrupted(cancelled, null);
            return;
        }
        if (interrupted) {
            JobStatus last = outcome.lastStatus();
            if (last != null && last.phase().isTerminal()) {
                // the job ended on its own before the interrupt reached its watch: nothing to stop, no more
                // attempts; the result stands and says so
                lateInterrupt = true;
                recordLeg(outcome, AttemptEnd.FINAL, "");
                finish(outcome);
                return;
            }
            recordLeg(outcome, AttemptEnd.INTERRUPTED, "interrupted");
            stopAfterInterrupt();
            return;
        }
        boolean lastTarget = state.targetIndex() + 1 >= order.size();
        if (!lastTarget && !noMoreMoves && movesOn(outcome)) {
            move(outcome, movingWhy(outcome));
            return;
        }
        Optional<String> retry = request.retry().reasonToRetry(outcome);
        if (retry.isPresent() && state.retriesUsed() < request.retry().limit()) {
            retry(outcome, retry.get());
            return;
        }
        recordLeg(
                outcome,
                noMoreMoves ? AttemptEnd.KEPT_STARTED : AttemptEnd.FINAL,
                noMoreMoves
                        ? "started while being stopped; kept, no further target tried"
                        : retry.map(why -> why + "; no retries left").orElse(""));
        finish(outcome);
    }

    /** Pending timeout passed (the diagnosis is kept in the outcome), or the budget cannot be met here. */
    /**
     * Whether the job could not start where it is: pending past its pending timeout (diagnosed, or its
     * diagnosis did not come within the diagnosis timeout: the job is pending all the same), or unable to
     * start within the wait budget. A later target may do better; the last target's outcome is final.
     */
    static boolean movesOn(Outcome outcome) {
        return outcome instanceof Outcome.Unschedulable
                || outcome instanceof Outcome.TimedOut t && t.deadline() == Outcome.TimedOut.Deadline.DIAGNOSIS
                || outcome instanceof Outcome.NotStartedInBudget b && b.early();
    }

    private static String movingWhy(Outcome outcome) {
        if (outcome instanceof Outcome.NotStartedInBudget b) {
            return "cannot start within the wait budget (" + b.why() + ")";
        }
        if (outcome instanceof Outcome.TimedOut t) {
            return "still pending after the pending timeout (no diagnosis within the " + t.what() + ")";
        }
        return "still pending after the pending timeout (diagnosis kept)";
    }

    // ---- move ----

    /** Stops the current job (saved first: a resume confirms a stop it may have asked for), then moves on. */
    private void move(Outcome outcome, String why) {
        int index = state.targetIndex();
        BoundTarget next = order.get(index + 1);
        JobRef job = state.job();
        emit(new SubmitEvent.Moving(state.attempt(), label(index), job, why, next.number(), next.label()));
        state = state.stopping();
        saveThen(true, saved -> {
            if (!saved) {
                LOG.log(System.Logger.Level.WARNING, "the stop of " + job.id() + " before a move was not saved");
            }
            MoveStop.start(
                    tasks, order.get(index).platform(), job, ended -> step(() -> onMoveStopped(outcome, why, ended)));
        });
    }

    private void onMoveStopped(Outcome outcome, String why, MoveStop.Ended ended) {
        JobRef job = state.job();
        int index = state.targetIndex();
        switch (ended.result()) {
            case STOPPED -> {
                emit(new SubmitEvent.StopConfirmed(job, ended.last().phase()));
                recordLeg(
                        outcome,
                        AttemptEnd.MOVED,
                        why + "; stopped, moved to target "
                                + order.get(index + 1).number());
                if (interrupted) {
                    endInterrupted(
                            new Outcome.Cancelled(
                                    ended.last(),
                                    true,
                                    "interrupted during a move: job " + ConsoleText.strip(job.id())
                                            + " was stopped; no job left running"),
                            null);
                } else {
                    createNext(state.attempt() + 1, index + 1);
                }
            }
            case STARTED -> {
                emit(new SubmitEvent.KeptStarted(job));
                noMoreMoves = true;
                state = state.watching(state.attempt(), index, job);
                if (interrupted) {
                    stopAfterInterrupt();
                } else {
                    watchLeg();
                }
            }
            case UNCONFIRMED, FAILED -> {
                String unconfirmed = why + "; the stop of job " + ConsoleText.strip(job.id())
                        + (ended.result() == MoveStop.Result.FAILED
                                ? " failed (" + ended.detail() + ")"
                                : " was not confirmed")
                        + ", so nothing more is submitted (never two jobs for one submit)";
                emit(new SubmitEvent.StopUnconfirmed(job, unconfirmed));
                recordLeg(outcome, AttemptEnd.STOP_UNCONFIRMED, unconfirmed);
                if (interrupted) {
                    endInterrupted(
                            new Outcome.Cancelled(
                                    ended.last(),
                                    false,
                                    "interrupted while job "
                                            + ConsoleText.strip(job.id())
                                            + " was being stopped for a move: its stop was "
                                            + (ended.result() == MoveStop.Result.FAILED
                                                    ? "refused"
                                                    : "asked for but not confirmed")
                                            + "; check it with its status"),
                            null);
                } else {
                    finish(outcome != null ? outcome : new Outcome.Unschedulable(ended.last(), null));
                }
            }
        }
    }

    // ---- retry ----

    private void retry(Outcome outcome, String reason) {
        int k = state.retriesUsed() + 1;
        Duration backoff = request.retry().backoff();
        String why = reason + "; retry " + k + " of " + request.retry().limit()
                + (backoff.isZero() ? "" : " after " + DurationText.exact(backoff));
        emit(new SubmitEvent.Retrying(state.attempt(), label(state.targetIndex()), state.job(), why));
        recordLeg(outcome, AttemptEnd.RETRIED, why);
        state = state.backingOff(tasks.now().plus(backoff));
        saveThen(false, ignored -> {});
        backOff(backoff);
    }

    /** The back-off is a timer: an interrupt cancels it at once; nothing is running meanwhile. */
    private void backOff(Duration left) {
        timer = tasks.schedule(
                () -> step(() -> {
                    timer = null;
                    if (!done) {
                        createNext(state.attempt() + 1, state.targetIndex());
                    }
                }),
                left.isNegative() ? Duration.ZERO : left);
    }

    // ---- interrupt ----

    private void onInterrupt() {
        if (done || interrupted) {
            return;
        }
        interrupted = true;
        if (watch != null && watch.outcome().isDone()) {
            // the watch ended a moment ago; its end, queued, sees the interrupt and decides (a job that ended
            // is not stopped)
        } else if (watch != null) {
            JobRef job = state.job();
            saidStopping = request.stopOnInterrupt();
            emit(new SubmitEvent.Interrupting(
                    request.stopOnInterrupt()
                            ? "interrupted: stopping job " + job.id() + " on "
                                    + job.platform().displayName() + " ("
                                    + request.names().field("cancelOnInterrupt") + ")"
                            : keepsRunning(job)));
            watch.cancel(request.stopOnInterrupt());
        } else if (timer != null && state.stage() == SubmitState.Stage.BACKING_OFF) {
            timer.cancel();
            timer = null;
            endInterrupted(null, "interrupted before retry " + state.retriesUsed() + "; no job left running");
        } else if (ending != null) {
            lateInterrupt = true; // the end is being made: said with it, once known whether it stopped the job
        } else if (planStep != null) {
            planStep.abandon();
        } else if (creating) {
            String name = order.get(state.targetIndex()).spec().name();
            emit(new SubmitEvent.Interrupting("interrupted while creating job "
                    + (name == null || name.isBlank() ? "" : "'" + name + "' ") + "(client token "
                    + state.currentToken() + "): finishing the create to "
                    + (request.stopOnInterrupt()
                            ? "stop the job (" + request.names().field("cancelOnInterrupt") + ")"
                            : "print the job id")));
        }
        // Otherwise a call is in flight (a look-up, pre-flight, a save, a create, the stop before a move, which
        // is confirmed first so the end says truly whether the job stopped): its continuation sees the interrupt.
    }

    /** A job that exists although an interrupt came: stop it when asked to, else say plainly it runs on. */
    private void stopAfterInterrupt() {
        JobRef job = state.job();
        if (!request.stopOnInterrupt()) {
            emit(new SubmitEvent.Interrupting(keepsRunning(job)));
            endInterrupted(new Outcome.Cancelled(null, false, "interrupted: job " + job.id() + " keeps running"), null);
            return;
        }
        if (!saidStopping) {
            emit(new SubmitEvent.Interrupting("interrupted: stopping job " + job.id() + " on "
                    + job.platform().displayName() + " (" + request.names().field("cancelOnInterrupt") + ")"));
        }
        call(
                "stop job",
                () -> {
                    order.get(state.targetIndex()).platform().cancel(job);
                    return job;
                },
                r -> {
                    String said = r.ok()
                            ? "interrupted: stopped job " + job.id() + " on "
                                    + job.platform().displayName()
                            : "interrupted: stopping job " + job.id() + " failed ("
                                    + ConsoleText.strip(r.error().getMessage()) + "); stop it with: "
                                    + request.names().stopHint(job.id());
                    emit(new SubmitEvent.Interrupting(said));
                    endInterrupted(new Outcome.Cancelled(null, r.ok(), said), null);
                });
    }

    private String keepsRunning(JobRef job) {
        return "interrupted: no longer waiting; job " + job.id() + " keeps running (stop it with: "
                + request.names().stopHint(job.id()) + ")";
    }

    // ---- end ----

    /** The last attempt's wait ended: core's clean-up and the job's log, then the result. */
    private void finish(Outcome outcome) {
        ending = outcome;
        BoundTarget target = order.get(state.targetIndex());
        JobRef job = state.job();
        OutputRules rules =
                target.spec() == null ? OutputRules.none() : target.spec().outputs();
        WaitEnding.run(
                tasks,
                target.platform(),
                job,
                outcome,
                request,
                rules,
                () -> stopReads,
                jobEnd -> step(() -> {
                    if (jobEnd.cleanup().line() != null) {
                        emit(new SubmitEvent.CleanedUp(jobEnd.cleanup().line()));
                    }
                    end(new SubmitResult(
                            SubmitResult.Ending.WAITED,
                            state.baseToken(),
                            state.attempts(),
                            outcomes,
                            outcome,
                            job,
                            target,
                            preflight,
                            state.reused(),
                            null,
                            null,
                            jobEnd,
                            eta(),
                            null));
                }));
    }

    /** A refused job with a baseline gets "Since it last started" in its report (one call), then the end. */
    private void endRefused(BoundTarget target, DiagnosisReport report) {
        StartSnapshots snapshots = snapshots(target);
        if (!snapshots.active()) {
            endRefused(report);
            return;
        }
        Instant now = tasks.now();
        call(
                "since last start",
                () -> snapshots.sinceLastStart(target.platform(), null, now),
                r -> endRefused(
                        r.ok() ? r.value().map(report::withSinceLastStart).orElse(report) : report));
    }

    /** The start snapshots of {@code target}'s job, kept and compared through the front end's store. */
    private StartSnapshots snapshots(BoundTarget target) {
        return StartSnapshots.of(target.spec(), request.snapshots());
    }

    private void endRefused(DiagnosisReport report) {
        end(new SubmitResult(
                SubmitResult.Ending.REFUSED,
                state.baseToken(),
                state.attempts(),
                outcomes,
                null,
                null,
                null,
                report,
                state.reused(),
                null,
                null,
                null,
                null,
                null));
    }

    private void endInterrupted(Outcome.Cancelled cancelled, String nothingCreated) {
        Outcome outcome = cancelled != null ? cancelled : new Outcome.Cancelled(null, false, nothingCreated);
        JobRef job = state.job();
        if (job != null && legOpen()) {
            recordLeg(outcome, AttemptEnd.INTERRUPTED, "interrupted");
        }
        end(new SubmitResult(
                SubmitResult.Ending.INTERRUPTED,
                state.baseToken(),
                state.attempts(),
                outcomes,
                outcome,
                job,
                job == null ? null : order.get(state.targetIndex()),
                preflight,
                state.reused(),
                null,
                null,
                null,
                eta(),
                null));
    }

    private void endFailed(RuntimeException error) {
        end(failed(error, null));
    }

    private SubmitResult failed(RuntimeException error, OutcomeClass errorClass) {
        JobRef job = state.stage() == SubmitState.Stage.TOKEN_SAVED ? null : state.job();
        return new SubmitResult(
                SubmitResult.Ending.FAILED,
                state.baseToken(),
                state.attempts(),
                outcomes,
                null,
                job,
                job == null ? null : order.get(state.targetIndex()),
                preflight,
                state.reused(),
                error,
                errorClass,
                null,
                eta(),
                null);
    }

    private void endClosed() {
        end(new SubmitResult(
                SubmitResult.Ending.CLOSED,
                state.baseToken(),
                state.attempts(),
                outcomes,
                null,
                state.job(),
                null,
                preflight,
                state.reused(),
                null,
                null,
                null,
                eta(),
                null));
    }

    /** The monitor closes (a shutdown): end without acting; the saved state resumes the submit. */
    private void onMonitorClosed() {
        stopReads = true;
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
        endClosed();
    }

    /**
     * An interrupt that came once the last wait had ended stops nothing (the result stands); the line names
     * the job and what became of it, so an interrupted CI step never leaves a job running unsaid.
     */
    private void sayLateInterrupt(SubmitResult r) {
        JobRef job = r.job();
        JobStatus last = r.end() != null && r.end().afterStop() != null
                ? r.end().afterStop()
                : r.outcome().lastStatus();
        boolean stopped = r.end() != null && r.end().cleanup().stopped();
        String said;
        if (stopped) {
            said = "interrupted after the wait had ended; job " + job.id() + " was stopped, as said above";
        } else if (last != null && last.phase().isTerminal()) {
            said = "interrupted after job " + job.id() + " had ended (" + last.phase() + "); nothing to stop";
        } else {
            said = "interrupted after the wait had ended ("
                    + r.outcome().kind().name().toLowerCase(Locale.ROOT)
                    + "); job " + job.id() + " keeps running (stop it with: "
                    + request.names().stopHint(job.id())
                    + ")";
        }
        emit(new SubmitEvent.Interrupting(said));
    }

    private void end(SubmitResult r) {
        if (done) {
            return;
        }
        boolean unhandled = interruptAsked && !interrupted; // asked while the end was made, not handled yet
        if ((lateInterrupt || unhandled)
                && r.job() != null
                && r.outcome() != null
                && r.ending() != SubmitResult.Ending.INTERRUPTED) {
            interrupted = true;
            sayLateInterrupt(r);
        }
        done = true;
        if (closing != null) {
            closing.close();
        }
        if (r.ending() != SubmitResult.Ending.CLOSED) {
            // Not saved: the front end saves what it makes of the result (a step's known result), and a
            // restart before that resumes the last attempt's wait, which ends the same way again.
            state = state.done();
        }
        result.complete(r);
    }

    // ---- plumbing ----

    private <T> void call(String operation, java.util.function.Supplier<T> work, Consumer<CallResult<T>> then) {
        tasks.call(targets.get(0).platform().kind(), operation, work, r -> {
            if (!done) {
                step(() -> then.accept(r));
            }
        });
    }

    /** Saves the state; with {@code wait}, continues only once saved (on the scheduler thread). */
    private void saveThen(boolean wait, Consumer<Boolean> then) {
        SubmitState s = state;
        CompletableFuture<Void> saving;
        try {
            saving = store.save(s);
        } catch (RuntimeException e) {
            saving = CompletableFuture.failedFuture(e);
        }
        if (!wait) {
            saving.whenComplete((v, e) -> {
                if (e != null) {
                    LOG.log(System.Logger.Level.WARNING, "saving the submit's state failed", e);
                }
            });
            then.accept(true);
            return;
        }
        saving.whenComplete((v, e) -> tasks.onScheduler(() -> {
            if (!done) {
                step(() -> then.accept(e == null));
            }
        }));
    }

    /** Runs a step; a bug in it ends this submit with an error instead of leaving it hanging. */
    private void step(Runnable body) {
        try {
            body.run();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "submit step failed", e);
            endFailed(e);
        }
    }

    private void emit(SubmitEvent event) {
        try {
            listener.onEvent(event);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "submit listener failed", e);
        }
    }

    /** Whether the current attempt is not in the attempts yet (it ends with the submit). */
    private boolean legOpen() {
        List<Attempt> done = state.attempts();
        return state.attempt() >= 1
                && (done.isEmpty() || done.get(done.size() - 1).number() != state.attempt());
    }

    private void recordLeg(Outcome outcome, AttemptEnd end, String reason) {
        String kind = outcome == null ? "" : outcome.kind().name().toLowerCase(Locale.ROOT);
        state = state.ended(
                attempt(state.attempt(), state.targetIndex(), state.job(), kind, end, waitedSince(legStart), reason));
        legStart = null;
    }

    private Attempt attempt(
            int n, int index, JobRef job, String outcome, AttemptEnd end, Duration waited, String reason) {
        BoundTarget target = order.isEmpty() ? targets.get(0) : order.get(index);
        return new Attempt(
                n,
                target.label(),
                state.baseToken() == null ? "" : ClientToken.forAttempt(state.baseToken(), n),
                job == null ? "" : job.id(),
                state.verdicts().get(target.number()),
                outcome,
                end,
                waited,
                reason);
    }

    private Duration waitedSince(Instant start) {
        return start == null ? Duration.ZERO : Duration.between(start, tasks.now());
    }

    private String label(int index) {
        return (order.isEmpty() ? targets : order).get(index).label();
    }

    private List<BoundTarget> orderOf(List<Integer> numbers) {
        List<BoundTarget> chosen = new ArrayList<>();
        for (Integer n : numbers) {
            targets.stream().filter(c -> c.number() == n).findFirst().ifPresent(chosen::add);
        }
        return chosen;
    }

    private static List<Integer> numbers(List<BoundTarget> chosen) {
        return chosen.stream().map(BoundTarget::number).toList();
    }
}
