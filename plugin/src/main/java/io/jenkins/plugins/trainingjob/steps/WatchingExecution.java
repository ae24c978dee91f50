package io.jenkins.plugins.trainingjob.steps;

import hudson.AbortException;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.trainingjob.ConnectionBinding;
import io.jenkins.plugins.trainingjob.ConnectionRef;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.TrainingJobService;
import io.jenkins.plugins.trainingjob.core.flow.FailureCleanup;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.OutcomeKind;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.monitor.Watch;
import io.jenkins.plugins.trainingjob.core.monitor.WatchListener;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.monitor.WatchState;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.OutputRules;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.report.WaitProgress;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.jenkinsci.plugins.workflow.steps.StepExecution;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * A step execution that waits for a training job through the controller's shared monitor, holding no
 * thread while it waits. Its durable fields are ids and the monitor's {@link WatchState}, nothing else:
 * no secret, no client. After a controller restart {@link #onResume()} re-binds the connection and hands
 * the state back to the monitor, or, when the outcome was already known, delivers it.
 *
 * <p>Nothing here runs on the monitor's scheduler thread: its listener only queues log lines, state saves
 * and the outcome on {@link OrderedTasks}, which hands the outcome's blocking work (log reads, report files)
 * to the service's executor. While the controller shuts down ({@link
 * TrainingJobService#isClosing()}) a step neither fails nor completes: it is resumed after the restart.
 */
@Restricted(NoExternalUse.class)
public abstract class WatchingExecution extends StepExecution {
    private static final long serialVersionUID = 1L;

    protected final ConnectionRef connection;
    protected final boolean failOnUnschedulable;
    protected final boolean cancelOnAbort;
    /** Stop the job when the wait fails with it still there; set by the subclass (older saved steps: off). */
    protected boolean cancelOnFailure;
    /** Fail the step when the job fails; set by the subclass ({@code null} in steps saved before it: true). */
    protected Boolean failOnJobFailure;
    /**
     * The wait budget as the step got it ({@code 40m}); null for none, and in executions saved before it
     * existed. Kept here, not in the saved watch state, and given to the watch again on resume.
     */
    protected String maxWait;
    /** Names this step's inline connection in the monitor; durable, so a resumed step finds it again. */
    private final String bindingId = UUID.randomUUID().toString();

    private volatile JobRef job;
    /** The last state of a running watch; never {@code DONE}, so a watch cut by shutdown resumes. */
    private volatile WatchState watchState;
    /** Set just before the step completes, so a restart in between delivers it again (m15). */
    private volatile KnownResult known;

    private transient volatile TrainingJobService service;
    private transient volatile Watch watch;
    private transient volatile String connectionKey;
    private transient volatile boolean stopping;
    private transient AtomicBoolean completed;
    private transient OrderedTasks ordered;
    /** Notices of the connection this step printed already (each once per step). */
    private transient Set<String> said;

    protected WatchingExecution(
            StepContext context, ConnectionRef connection, boolean failOnUnschedulable, boolean cancelOnAbort) {
        super(context);
        this.connection = connection;
        this.failOnUnschedulable = failOnUnschedulable;
        this.cancelOnAbort = cancelOnAbort;
    }

    /** Names this step's inline connection in the monitor; a fallback target's is derived from it. */
    protected final String bindingId() {
        return bindingId;
    }

    /** Uses this service instead of the controller's (unit tests). */
    public final void useService(TrainingJobService service) {
        this.service = service;
    }

    protected final TrainingJobService service() {
        TrainingJobService s = service;
        if (s == null) {
            s = TrainingJobService.get();
            service = s;
        }
        return s;
    }

    /** The job being waited for, once known. */
    public final JobRef job() {
        return job;
    }

    protected final void job(JobRef job) {
        this.job = job;
    }

    /** The monitor's durable state, once a watch started. */
    public final WatchState watchState() {
        return watchState;
    }

    protected final boolean isStopping() {
        return stopping;
    }

    protected final TaskListener listener() throws IOException, InterruptedException {
        return getContext().get(TaskListener.class);
    }

    protected final Run<?, ?> run() throws IOException, InterruptedException {
        return getContext().get(Run.class);
    }

    /** One line in the build log; a log that cannot be written must not break the step. */
    protected final void print(String line) {
        try {
            listener().getLogger().println(line);
        } catch (IOException | InterruptedException | RuntimeException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** A blocking part of the step, off the Pipeline VM thread; what it throws ends the step. */
    @FunctionalInterface
    protected interface Body {
        void run() throws Exception;
    }

    protected final void inBackground(Body body) {
        inBackground(service().executor(), body);
    }

    /** As {@link #inBackground(Body)}, for a body that waits for hours: on the service's pool for long waits. */
    protected final void inLongBackground(Body body) {
        inBackground(service().longWaits(), body);
    }

    private void inBackground(java.util.concurrent.Executor pool, Body body) {
        try {
            pool.execute(() -> {
                try {
                    body.run();
                } catch (Throwable t) {
                    failWith(t);
                }
            });
        } catch (RejectedExecutionException e) {
            failWith(e); // ignored while the controller shuts down: the step resumes after the restart
        }
    }

    /** This step's queue on the service's event pool (log lines, saves, the outcome), in order. */
    protected final synchronized OrderedTasks ordered() {
        if (ordered == null) {
            ordered = new OrderedTasks(service().events());
        }
        return ordered;
    }

    /** Persists the durable fields and waits (bounded) until they are on disk. */
    protected final void saveNow() throws Exception {
        var future = getContext().saveState();
        if (future != null) {
            future.get(1, TimeUnit.MINUTES);
        }
    }

    protected final ConnectionBinding bind() throws IOException, InterruptedException {
        ConnectionBinding binding = service().bind(connection, run(), bindingId);
        connectionKey = binding.key();
        if (binding.warning() != null) {
            print(binding.warning());
        }
        // what the client learned about its connection (a SenseCore date-only fallback), once per step
        sayNotices(binding.client());
        return binding;
    }

    /** Prints what the client learned about its connection and this step has not said yet. */
    private void sayNotices(TrainingPlatform client) {
        Set<String> printed;
        synchronized (this) {
            if (said == null) {
                said = ConcurrentHashMap.newKeySet();
            }
            printed = said;
        }
        client.notices().stream().filter(printed::add).map(ConsoleText::strip).forEach(this::print);
    }

    /** Starts the monitor's watch of a submitted job. */
    protected final void startWatch(ConnectionBinding binding, JobRef submitted, WatchPolicy policy) throws Exception {
        job = submitted;
        register(service()
                .watcher()
                .watch(binding.key(), submitted, policy, WatchOptions.budget(maxWait), new LogListener()));
    }

    private void register(Watch w) throws Exception {
        watch = w;
        if (w.state().phase() != WatchState.Phase.DONE) {
            watchState = w.state();
        }
        try {
            saveNow();
        } catch (Exception e) {
            // the step ends (or, at shutdown, waits to be resumed): its watch must not poll on unowned
            w.cancel(false);
            throw e;
        }
        if (stopping) {
            // stop() came while we were registering: it could not cancel a watch it did not see
            stopWatch(w, null);
            return;
        }
        // The scheduler thread completes the outcome; it only queues here, after this step's earlier lines.
        // Turning the outcome into a result blocks (re-binding, reading the log: up to ~40 platform calls,
        // report files), so it moves on to the blocking executor: the events pool every step's log lines
        // share must not wait for one step's log reads (docs/contribute/monitor-threads.md).
        w.outcome().whenComplete((outcome, error) -> ordered().run(() -> {
            if (error != null) {
                failWith(error);
            } else {
                // Not on the calls pool every build's submits share: the log read may take a while (review 2, N3).
                inLongBackground(() -> onOutcome(outcome));
            }
        }));
    }

    private void onOutcome(Outcome outcome) {
        if (stopping || service().isClosing()) {
            return;
        }
        try {
            sayNotices(service().resolve(connectionKey)); // learned while the job was created or watched
        } catch (RuntimeException unbound) {
            // nothing bound to ask: nothing learned
        }
        if (outcome instanceof Outcome.Cancelled) {
            // The monitor closed (the controller is shutting down): the step resumes after the restart.
            return;
        }
        KnownResult result;
        try {
            if (FailureCleanup.leavesJob(outcome, failOnUnschedulable)) {
                // core's rule, as in the CLI: stop the job left by the failed wait, or say how to
                try {
                    print(FailureCleanup.apply(
                            bind().client(),
                            job,
                            outcome,
                            cancelOnFailure,
                            "cancelOnFailure",
                            Messages.Step_StopHint(ConsoleText.strip(job.id()))));
                } catch (IOException | RuntimeException e) {
                    print(Messages.Step_StopFailed(ConsoleText.strip(String.valueOf(e.getMessage()))));
                }
            }
            Watch w = watch;
            result = KnownResult.success(withReuse(StepOutcome.apply(
                    outcome,
                    job,
                    failOnUnschedulable,
                    jobEnd(outcome),
                    run(),
                    listener(),
                    w == null ? null : w.eta())));
        } catch (AbortException e) {
            result = KnownResult.failure(e.getMessage());
        } catch (Throwable t) {
            failWith(t);
            return;
        }
        end(result);
    }

    /** How the job's end is read: its log through the connection, the spec's outputs, failOnJobFailure. */
    private StepOutcome.JobEnd jobEnd(Outcome outcome) {
        boolean failOnJob = failOnJobFailure == null || failOnJobFailure;
        if (outcome.kind() != OutcomeKind.COMPLETED && outcome.kind() != OutcomeKind.JOB_FAILED) {
            // only a job that ended has a log worth reading: no client is opened for the others
            return new StepOutcome.JobEnd(null, OutputRules.none(), failOnJob);
        }
        TrainingPlatform client;
        try {
            client = bind().client();
        } catch (IOException | InterruptedException | RuntimeException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            client = null; // the result says the log could not be read
        }
        return new StepOutcome.JobEnd(
                client, outputRules(), failOnJob, () -> stopping || service().isClosing());
    }

    /** The spec's outputs; a step without a spec has none to read. */
    protected OutputRules outputRules() {
        return OutputRules.none();
    }

    @Override
    public void onResume() {
        KnownResult k = known;
        if (k != null) {
            // restarted after the outcome, before the step completed: deliver it, never watch again
            inBackground(() -> complete(k));
            return;
        }
        if (watchState != null && watchState.phase() != WatchState.Phase.DONE) {
            inBackground(() -> {
                bind();
                print(Messages.Step_Resuming(job.platform().displayName(), ConsoleText.strip(job.id())));
                register(service().watcher().resume(watchState, WatchOptions.budget(maxWait), new LogListener()));
            });
        } else if (resumesIntoALongWait()) {
            inLongBackground(this::resumeBeforeWatch);
        } else {
            inBackground(this::resumeBeforeWatch);
        }
    }

    /** Whether {@link #resumeBeforeWatch()} holds its thread for the whole wait (an attempt loop). */
    protected boolean resumesIntoALongWait() {
        return false;
    }

    /** The result map with what the subclass adds (submitTrainingJob: {@code reused}); as is by default. */
    protected Map<String, Object> withReuse(Map<String, Object> result) {
        return result;
    }

    /** Continues a step that was restarted before its watch began (e.g. mid-submit). */
    protected abstract void resumeBeforeWatch() throws Exception;

    @Override
    public void stop(Throwable cause) throws Exception {
        stopping = true;
        Watch w = watch;
        if (w != null) {
            stopWatch(w, cause);
        } else if (job != null && cancelOnAbort) {
            JobRef stopped = job;
            inBackground(() -> {
                try {
                    cancelJob(bind(), stopped);
                } catch (InvalidInputException e) {
                    // the connection is gone or changed (bad input now); a bug still fails the step
                    print(Messages.Step_StopFailed(ConsoleText.strip(e.getMessage())));
                }
                failWith(cause);
            });
        } else {
            // a submit still in flight notices `stopping` and stops what it created
            failWith(cause);
        }
    }

    private void stopWatch(Watch w, Throwable cause) {
        w.cancel(cancelOnAbort).whenComplete((outcome, error) -> ordered().run(() -> {
            try {
                if (outcome != null) {
                    print(outcome.message());
                }
            } finally {
                failWith(cause != null ? cause : new AbortException(Messages.Step_Stopped()));
            }
        }));
    }

    /**
     * Called by a submit that finished after {@link #stop} was requested: stops the job it created when
     * {@code cancelOnAbort}, so an aborted build leaves nothing queued.
     */
    protected final void stopSubmitted(ConnectionBinding binding, JobRef submitted) {
        if (cancelOnAbort) {
            cancelJob(binding, submitted);
        }
        service().release(binding.key());
    }

    /** Stops {@code job} on the platform and says so in the log; a refusal is logged, not thrown. */
    private void cancelJob(ConnectionBinding binding, JobRef job) {
        try {
            binding.client().cancel(job);
            print(Messages.Step_StoppedJob(job.platform().displayName(), ConsoleText.strip(job.id())));
        } catch (PlatformException e) {
            print(Messages.Step_StopFailed(ConsoleText.strip(e.getMessage())));
        }
    }

    protected final void succeed(Map<String, Object> result) {
        end(KnownResult.success(result));
    }

    /** Saves how the step ends, then completes it; a restart in between delivers the same result. */
    protected final void end(KnownResult result) {
        if (isCompleted()) {
            return;
        }
        known = result;
        try {
            saveNow();
        } catch (Exception e) {
            if (service().isClosing()) {
                return; // resumed after the restart, from whatever was saved
            }
            // otherwise a save that failed must not keep the build waiting
        }
        if (service().isClosing()) {
            // The controller began shutting down during the save: a completed step would not resume; this
            // one does, and delivers the saved result (or watches again) after the restart.
            return;
        }
        complete(result);
    }

    private void complete(KnownResult result) {
        if (firstCompletion()) {
            service().release(connectionKey);
            if (result.failed()) {
                getContext().onFailure(result.failureException());
            } else {
                getContext().onSuccess(result.value());
            }
        }
    }

    /**
     * Ends the step; bad input and platform errors end it without a stack trace ({@link StepFailure}). While the controller
     * shuts down nothing ends: what failed then (a save, a call cut short) is done again on resume.
     */
    protected final void failWith(Throwable t) {
        if (service().isClosing()) {
            return;
        }
        if (firstCompletion()) {
            service().release(connectionKey);
            getContext().onFailure(StepFailure.reported(t));
        }
    }

    private synchronized boolean isCompleted() {
        return completed != null && completed.get();
    }

    private synchronized boolean firstCompletion() {
        if (completed == null) {
            completed = new AtomicBoolean();
        }
        return completed.compareAndSet(false, true);
    }

    /** What {@link #getStatus()} says while waiting. */
    protected abstract String beforeWatchStatus();

    @Override
    public String getStatus() {
        WatchState s = watchState;
        if (s == null) {
            return beforeWatchStatus();
        }
        String target =
                s.policy().until() == WaitTarget.COMPLETED ? Messages.Status_Completed() : Messages.Status_Scheduled();
        return Messages.Status_Waiting(
                s.job().platform().displayName(),
                s.job().id(),
                target,
                s.phase().name(),
                s.pendingDeadline().toString());
    }

    /** Writes the monitor's progress lines to the build log and keeps the durable state current. */
    private final class LogListener implements WatchListener {
        private volatile boolean linked;
        /** The build page's view of this wait; on this step's event queue only. */
        private WaitProgress progress;

        @Override
        public void onEvent(MonitorEvent event) {
            ordered().run(() -> log(event));
        }

        private void log(MonitorEvent event) {
            print(event.message());
            showOnBuildPage(event);
            if (!linked
                    && event instanceof MonitorEvent.StateChanged changed
                    && changed.current() != null
                    && changed.current().consoleUrl() != null) {
                linked = true;
                try {
                    listener().hyperlink(changed.current().consoleUrl(), Messages.Step_ConsoleLink() + "\n");
                } catch (IOException | InterruptedException | RuntimeException e) {
                    if (e instanceof InterruptedException) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
        }

        /** The page is a view: what fails here never ends the step. */
        private void showOnBuildPage(MonitorEvent event) {
            try {
                if (progress == null) {
                    progress = new WaitProgress(run());
                }
                progress.onEvent(event);
            } catch (IOException | InterruptedException | RuntimeException e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        /** A DONE state is not kept: the outcome, or a resume after a shutdown, takes it from here. */
        @Override
        public void onStateChanged(WatchState state) {
            if (state.phase() == WatchState.Phase.DONE) {
                return;
            }
            watchState = state;
            ordered().run(() -> getContext().saveState());
        }
    }
}
