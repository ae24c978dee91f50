package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.eta.Capacity;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.eta.EtaEstimator;
import io.jenkins.plugins.trainingjob.core.eta.HistoryCache;
import io.jenkins.plugins.trainingjob.core.eta.HistoryReader;
import io.jenkins.plugins.trainingjob.core.eta.PendingJob;
import io.jenkins.plugins.trainingjob.core.eta.QueueHistory;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshots;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * One watch and its state machine. Every step runs on the monitor's scheduler thread; a step either
 * ends the watch, hands one platform call to the call pool, or arms one timer, so a watch never has more
 * than one thing outstanding ({@link WatchSteps} holds that discipline).
 *
 * <p>A tick refreshes the job's status (with its connection's other watches), then acts: ends the watch
 * when the job is scheduled or terminal, launches or fetches the diagnosis once the pending deadline has
 * passed, or waits for the next tick. The side concerns decide in types of their own while the watch acts:
 * the wait budget and estimates ({@link BudgetTracker}), runs of failed calls ({@link FailureStreak}), when
 * to look next ({@link PollPace}) and the stop of a cancelled job ({@link StopAndConfirm}).
 */
final class ActiveWatch implements Watch {
    private static final System.Logger LOG = System.getLogger(JobMonitor.class.getName());

    private final MonitorRuntime runtime;
    private final ConnectionGroup group;
    private final WatchSteps steps;
    private final CompletableFuture<Outcome> outcome = new CompletableFuture<>();
    private final Consumer<ActiveWatch> onEnd;
    private final BudgetTracker budget;
    private final WatchDiagnosis diagnosis;
    private final WatchStartSnapshot startSnapshot;
    private volatile WatchState state;

    // Scheduler-thread state.
    private final PollPace pace;
    private JobStatus lastStatus;
    /** A tick is due or its status read is under way (a refresh must not take the watch over). */
    private boolean inFlight;
    /** A FAILED read the platform wants confirmed ({@link ConnectionGroup#failureNeedsConfirmation}). */
    private boolean failureUnconfirmed;

    private FailureStreak statusFailures = FailureStreak.NONE;
    private FailureStreak diagnosisFailures = FailureStreak.NONE;

    ActiveWatch(
            MonitorRuntime runtime,
            ConnectionGroup group,
            WatchState state,
            WaitBudget budget,
            StartSnapshots snapshots,
            WatchListener listener,
            Consumer<ActiveWatch> onEnd) {
        this.runtime = runtime;
        this.group = group;
        this.steps = new WatchSteps(runtime, group.kind(), listener, this::failedStep);
        this.budget = new BudgetTracker(budget, state.startedAt());
        this.onEnd = onEnd;
        this.state = state;
        this.pace = new PollPace(state.policy(), runtime.settings().jitter(), runtime.now());
        this.diagnosis = new WatchDiagnosis(
                steps,
                group,
                runtime.settings(),
                state,
                snapshots,
                new WatchDiagnosis.Answers(
                        this::onDiagnosisLaunched,
                        () -> waitForNextTick(runtime.now()),
                        e -> onFailure(e, true),
                        this::onDiagnosed));
        this.startSnapshot = new WatchStartSnapshot(steps, group, snapshots);
    }

    JobRef job() {
        return state.job();
    }

    @Override
    public Eta eta() {
        return budget.lastEta();
    }

    @Override
    public WatchState state() {
        return state;
    }

    @Override
    public CompletableFuture<Outcome> outcome() {
        return outcome;
    }

    @Override
    public CompletableFuture<Outcome> cancel(boolean stopRemoteJob) {
        if (!runtime.onScheduler(() -> beginCancel(stopRemoteJob))) {
            outcome.complete(new Outcome.Cancelled(lastOrUnknown(), false, "the monitor was closed"));
        }
        return outcome;
    }

    // ---- lifecycle (scheduler thread) ----

    void start() {
        group.add(this);
        steps.tell(state);
        armTick(pace.first(group.lists()));
    }

    /** Ends the watch because the monitor closes; the remote job is left alone. */
    void endByClose() {
        finish(new Outcome.Cancelled(lastOrUnknown(), false, "monitor closed, job left as it is on the platform"));
    }

    private void armTick(Duration delay) {
        inFlight = false;
        steps.after(delay, this::tickDue);
    }

    private void tickDue() {
        if (!steps.open()) {
            return;
        }
        inFlight = true;
        group.markDue(this);
    }

    /**
     * The connection's refresh saw this job although its poll was not due: take the status now instead of
     * at the timer. Only a waiting watch with nothing outstanding can.
     */
    boolean takeOverForRefresh() {
        if (!steps.open() || inFlight || state.phase() != WatchState.Phase.WAITING) {
            return false;
        }
        steps.cancelTimer();
        inFlight = true;
        return true;
    }

    void onStatus(CallResult<JobStatus> result) {
        if (!steps.open()) {
            return;
        }
        steps.run(() -> {
            if (result == null) {
                throw new IllegalStateException("no status for " + job().id());
            }
            if (result.ok()) {
                statusFailures = FailureStreak.NONE;
                applyStatus(result.value());
            } else {
                onFailure(result.error(), false);
            }
        });
    }

    /**
     * One status read, decided in order: (1) a FAILED read the platform wants confirmed is read again; (2) a
     * first start keeps its snapshot; (3) a terminal job, or a scheduled one when that is the target, ends the
     * watch; (4) the overall timeout and (5) the wait budget end it; (6) the diagnosis phase follows the job;
     * (7) the watch diagnoses, estimates or waits for the next tick.
     */
    private void applyStatus(JobStatus status) {
        if (readsFailedAgain(status)) {
            return;
        }
        announce(status);
        startSnapshot.thenAct(status, this::act);
    }

    private void act(JobStatus status) {
        Instant now = runtime.now();
        if (status.phase().isTerminal()
                || (state.policy().until() == WaitTarget.SCHEDULED
                        && status.phase().isScheduled())) {
            resolve(status);
            return;
        }
        if (passed(state.overallDeadline(), now)) {
            finish(Outcome.TimedOut.after(
                    status, Outcome.TimedOut.Deadline.OVERALL, state.policy().overallTimeout()));
            return;
        }
        budget.saw(status);
        if (budget.ranOut(now)) {
            finish(budget.notStarted(status));
            return;
        }
        followDiagnosisPhase(status, now);
        if (state.phase() == WatchState.Phase.DIAGNOSING) {
            diagnoseUntilItsDeadline(status, now);
        } else if (budget.estimates() && status.phase() == JobPhase.PENDING) {
            estimate(status, now);
        } else {
            waitForNextTick(now);
        }
    }

    /** One Failed read of a fault-tolerant job may be a restart in progress: read it once more, soon. */
    private boolean readsFailedAgain(JobStatus status) {
        if (status.phase() == JobPhase.FAILED && !failureUnconfirmed && group.failureNeedsConfirmation(status)) {
            failureUnconfirmed = true;
            armTick(state.policy().pollInitial());
            return true;
        }
        failureUnconfirmed = false;
        return false;
    }

    /**
     * Back to waiting when the job started while it was being diagnosed; diagnosing once a pending job is past
     * its pending deadline, unless the watch waits on a kept diagnosis (then the budget decides).
     */
    private void followDiagnosisPhase(JobStatus status, Instant now) {
        if (state.phase() == WatchState.Phase.DIAGNOSING
                && (status.phase() == JobPhase.STARTING || status.phase() == JobPhase.RUNNING)) {
            // It started after all (waiting for completion): the diagnosis has nothing left to explain.
            setState(state.waitingAgain());
        }
        if (state.phase() == WatchState.Phase.WAITING
                && status.phase() == JobPhase.PENDING
                && !budget.keepsDiagnosis()
                && passed(state.pendingDeadline(), now)) {
            setState(state.diagnosing(now.plus(state.policy().diagnosisTimeout())));
        }
    }

    private void diagnoseUntilItsDeadline(JobStatus status, Instant now) {
        if (passed(state.diagnosisDeadline(), now)) {
            finish(Outcome.TimedOut.after(
                    status, Outcome.TimedOut.Deadline.DIAGNOSIS, state.policy().diagnosisTimeout()));
        } else {
            diagnosis.next(state.diagnosisId(), lastStatus);
        }
    }

    /**
     * Estimates when the pending job starts, from the connection's queue history (one read per round for all
     * its watches), then waits for the next tick, unless the estimate ends the wait early. A history that
     * cannot be read this round gives no estimate, and no estimate ends nothing.
     */
    private void estimate(JobStatus status, Instant now) {
        int pods = Math.max(1, status.workers().size());
        PendingJob pending = new PendingJob(
                status.job().id(),
                pods,
                status.gpus() / pods,
                status.createdAt() != null ? status.createdAt() : state.startedAt());
        Verdict verdict = budget.keptVerdict();
        HistoryCache cache = runtime.histories();
        String queue = state.connectionId();
        steps.call(
                "queue history",
                () -> {
                    QueueHistory history = cache.get(queue, () -> new HistoryReader()
                            .read(group.platform(), queue, QueueHistory.DEFAULT_WINDOW, now));
                    // The inventory is read with a diagnosis, not every round: capacity comes from the history's peak.
                    return EtaEstimator.estimate(history, pending, Capacity.unknown(), verdict, now);
                },
                this::onEstimated);
    }

    private void onEstimated(CallResult<Eta> r) {
        Instant now = runtime.now();
        if (r.ok() && r.value() != null) {
            Eta eta = r.value();
            if (budget.offer(eta, now)) {
                steps.emit(new MonitorEvent.EtaChanged(lastStatus, eta));
            }
            BudgetTracker.Decision decision = budget.decide(now, lastOrUnknown(), eta);
            if (decision instanceof BudgetTracker.Decision.End end) {
                finish(end.outcome());
                return;
            }
            if (decision instanceof BudgetTracker.Decision.Warn warn) {
                steps.emit(new MonitorEvent.BudgetAtRisk(lastStatus, eta, warn.left()));
            }
        } else if (!r.ok()) {
            LOG.log(
                    System.Logger.Level.DEBUG,
                    "no estimate for " + job().id() + " this round: "
                            + ConsoleText.strip(r.error().getMessage()));
        }
        waitForNextTick(now);
    }

    private void onDiagnosisLaunched(String id) {
        diagnosisFailures = FailureStreak.NONE;
        setState(state.withDiagnosisId(id));
        // "still PENDING" right after "diagnosis running" would read backwards: the next one comes a period later.
        pace.heard(runtime.now());
    }

    private void onDiagnosed(DiagnosisReport report) {
        Instant now = runtime.now();
        BudgetTracker.Decision decision = budget.afterDiagnosis(now, lastOrUnknown(), report);
        if (decision instanceof BudgetTracker.Decision.KeepWaiting keep) {
            // Waiting suffices, says the diagnosis, and the user gave the wait a budget: the budget decides.
            setState(state.waitingAgain());
            steps.emit(new MonitorEvent.KeptWaiting(lastStatus, report, keep.left()));
            pace.heard(now);
            waitForNextTick(now);
        } else if (decision instanceof BudgetTracker.Decision.End end) {
            finish(end.outcome());
        } else {
            finish(new Outcome.Unschedulable(lastStatus, budget.withEta(report)));
        }
    }

    /**
     * A call failed: the end of the watch when retrying cannot help or a deadline has passed, else a retry
     * after a back-off that grows with the run of failures of that kind of call.
     */
    private void onFailure(PlatformException e, boolean diagnosisCall) {
        Instant now = runtime.now();
        JobStatus last = lastOrUnknown();
        if (!e.isRetryable()) {
            finish(new Outcome.PlatformError(last, e));
            return;
        }
        if (passed(state.overallDeadline(), now)) {
            finish(Outcome.TimedOut.after(
                    last, Outcome.TimedOut.Deadline.OVERALL, state.policy().overallTimeout()));
            return;
        }
        if (budget.ranOut(now)) {
            // Only a status read that succeeded last proves the job not started.
            finish(diagnosisCall && statusFailures.isNone() ? budget.notStarted(last) : budget.stateUnknown(last, e));
            return;
        }
        FailureStreak streak = diagnosisCall
                ? (diagnosisFailures = diagnosisFailures.failedAt(now))
                : (statusFailures = statusFailures.failedAt(now));
        if (streak.lasted(runtime.settings().retryLimit(), now)) {
            finish(new Outcome.PlatformError(last, e));
            return;
        }
        Duration delay = streak.retryDelay(e, runtime.settings(), d -> PollPace.within(d, now, nextDeadline()));
        steps.emit(new MonitorEvent.Retrying(e, delay));
        armTick(delay);
    }

    /**
     * Ends with the job's outcome. A status read from a list page may lack the pods; it is not fetched
     * again for them, so that a large group's last round costs pages, not one call per job.
     */
    private void resolve(JobStatus status) {
        if (status.phase() == JobPhase.FAILED) {
            // Ask the platform why before saying it failed: its events carry the reason and exit code.
            JobRef job = job();
            steps.call(
                    "job events",
                    () -> group.platform().events(job),
                    events -> finish(new Outcome.JobFailed(
                            status,
                            JobFailure.of(
                                    status, events.ok() && events.value() != null ? events.value() : List.of()))));
            return;
        }
        finish(
                switch (status.phase()) {
                    case SUCCEEDED -> new Outcome.Completed(status);
                    case FAILED, STOPPED -> new Outcome.JobFailed(status);
                    default -> new Outcome.Scheduled(status);
                });
    }

    private void waitForNextTick(Instant now) {
        if (pace.heartbeatDue(now)) {
            steps.emit(new MonitorEvent.Heartbeat(lastStatus, Duration.between(state.startedAt(), now)));
        }
        armTick(pace.next(group.lists(), now, nextDeadline()));
    }

    /** The next deadline that changes what the watch does, so it acts on time whatever the poll interval. */
    private Instant nextDeadline() {
        return PollPace.earliestAhead(
                runtime.now(),
                state.phase() == WatchState.Phase.WAITING ? state.pendingDeadline() : null,
                state.phase() == WatchState.Phase.DIAGNOSING ? state.diagnosisDeadline() : null,
                budget.deadlineAhead(),
                state.overallDeadline());
    }

    /** Tells the listener about a new phase or raw state, or else a new queue position; not every poll. */
    private void announce(JobStatus status) {
        JobStatus previous = lastStatus;
        lastStatus = status;
        if (previous == null
                || previous.phase() != status.phase()
                || !previous.rawState().equals(status.rawState())) {
            pace.restart();
            steps.emit(new MonitorEvent.StateChanged(previous, status));
        } else if (status.queuePosition() != null
                && !Objects.equals(previous.queuePosition(), status.queuePosition())) {
            steps.emit(new MonitorEvent.QueuePositionChanged(status, status.queuePosition()));
        }
    }

    private void beginCancel(boolean stopRemoteJob) {
        if (!steps.markCancelling()) {
            return;
        }
        group.remove(this);
        if (stopRemoteJob) {
            new StopAndConfirm(runtime, group, steps, this::announce, this::finish).start(job(), lastOrUnknown());
        } else {
            finish(new Outcome.Cancelled(lastOrUnknown(), false, "job left as it is on the platform"));
        }
    }

    /** A bug in a step ends this watch with an error instead of leaving it hanging. */
    private void failedStep(RuntimeException e) {
        LOG.log(System.Logger.Level.WARNING, "watch of " + job().id() + " failed", e);
        finish(new Outcome.PlatformError(
                lastOrUnknown(), new UnexpectedFailureException(job().platform(), "job monitor", e)));
    }

    private void finish(Outcome result) {
        if (!steps.markEnded()) {
            return;
        }
        group.remove(this);
        onEnd.accept(this);
        setState(state.done());
        outcome.complete(result);
    }

    private void setState(WatchState next) {
        state = next;
        steps.tell(next);
    }

    /** The last status seen, or a stand-in naming the job when none was seen yet. */
    private JobStatus lastOrUnknown() {
        return lastStatus != null ? lastStatus : JobStatus.unknown(job());
    }

    private static boolean passed(Instant deadline, Instant now) {
        return deadline != null && !now.isBefore(deadline);
    }
}
