package io.jenkins.plugins.trainingjob.steps;

import com.google.common.util.concurrent.ListenableFuture;
import hudson.AbortException;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.trainingjob.ConnectionBinding;
import io.jenkins.plugins.trainingjob.ConnectionRef;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.TrainingJobService;
import io.jenkins.plugins.trainingjob.core.flow.Submit;
import io.jenkins.plugins.trainingjob.core.flow.SubmitEvent;
import io.jenkins.plugins.trainingjob.core.flow.SubmitListener;
import io.jenkins.plugins.trainingjob.core.flow.SubmitResult;
import io.jenkins.plugins.trainingjob.core.flow.SubmitState;
import io.jenkins.plugins.trainingjob.core.flow.SubmitStore;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.monitor.WatchState;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.report.WaitProgress;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.jenkinsci.plugins.workflow.steps.StepExecution;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * A step execution that runs core's submit flow ({@link Submit}) on the controller's shared monitor, holding
 * no thread while it waits, whatever the number of attempts. Its durable fields are ids and the flow's
 * {@link SubmitState}, nothing else: no secret, no client. After a controller restart {@link #onResume()}
 * binds the connections again and resumes the flow from its saved state, or, when the result was already
 * known, delivers it.
 *
 * <p>Nothing here runs on the monitor's scheduler thread: the flow's listener only queues log lines and state
 * saves on {@link OrderedTasks}, and the result's blocking work (archiving, report files) moves to the
 * service's executor. While the controller shuts down ({@link TrainingJobService#isClosing()}) a step neither
 * fails nor completes: it is resumed after the restart.
 */
@Restricted(NoExternalUse.class)
public abstract class WatchingExecution extends StepExecution {
    private static final long serialVersionUID = 1L;

    protected final ConnectionRef connection;
    protected final boolean failOnUnschedulable;
    protected final boolean cancelOnAbort;
    /** Stop the job when the wait fails with it still there (older saved steps: off). */
    protected boolean cancelOnFailure;
    /** Fail the step when the job fails ({@code null} in steps saved before it: true). */
    protected Boolean failOnJobFailure;
    /** The wait budget as the step got it ({@code 40m}); null for none, and in executions saved before it. */
    protected String maxWait;
    /** Names this step's connection bindings in the monitor; durable, so a resumed step finds them again. */
    private final String bindingId = UUID.randomUUID().toString();

    /** The current job, once known (also in {@link #submitState}); kept for status and older saved forms. */
    private volatile JobRef job;
    /** A watch's state, as releases before the submit flow saved it; {@code null} from this release on. */
    private volatile WatchState watchState;
    /** The submit flow's durable state, saved before each create and each stop for a move. */
    private volatile SubmitState submitState;
    /** Set just before the step completes, so a restart in between delivers it again. */
    private volatile KnownResult known;

    private transient volatile TrainingJobService service;
    private transient volatile Submit submit;
    private transient volatile String connectionKey;
    private transient volatile boolean stopping;
    private transient volatile Throwable stopCause;
    private transient volatile JenkinsTargets targets;
    private transient AtomicBoolean completed;
    private transient OrderedTasks ordered;
    /** Notices of the connection this step printed already (each once per step). */
    private transient Set<String> said;

    WatchingExecution(StepContext context, WatchParameters step) {
        super(context);
        this.connection = ConnectionRef.of(step.getConnection(), step.getPlatform());
        this.failOnUnschedulable = step.isFailOnUnschedulable();
        this.cancelOnAbort = step.isCancelOnAbort();
        this.cancelOnFailure = step.isCancelOnFailure();
        this.failOnJobFailure = step.isFailOnJobFailure();
    }

    /** Names this step's connection in the monitor; a fallback target's is derived from it. */
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
        JobRef j = job;
        SubmitState s = submitState;
        return j != null ? j : s == null ? null : s.job();
    }

    /** The current watch's durable state, once a watch started. */
    public final WatchState watchState() {
        SubmitState s = submitState;
        return s != null && s.watch() != null ? s.watch() : watchState;
    }

    /** The flow's saved state ({@code null} before the first save, and in executions saved before it). */
    final SubmitState submitState() {
        return submitState;
    }

    /** A watch's state as saved by a release before the submit flow, for the subclass's conversion. */
    protected final WatchState legacyWatchState() {
        return watchState;
    }

    protected final JobRef legacyJob() {
        return job;
    }

    /** Whether the step's result is saved and only needs delivering. */
    protected final boolean known() {
        return known != null;
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
        try {
            service().executor().execute(() -> {
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

    /** This step's queue on the service's event pool (log lines, saves, the result), in order. */
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

    /** Keeps the fallback targets' bindings until the flow ends. */
    protected final void holdTargets(JenkinsTargets bound) {
        this.targets = bound;
    }

    // ---- the flow ----

    /** Starts the subclass's flow; called on a background thread. */
    protected abstract Submit startFlow() throws Exception;

    /**
     * Continues the subclass's flow from {@code saved} (never {@code null}: {@link #savedState()} converts
     * older forms), after a restart; called on a background thread.
     */
    protected abstract Submit resumeFlow(SubmitState saved) throws Exception;

    /**
     * The state to resume from: the flow's, or one converted from what an earlier release saved; {@code null}
     * when nothing can have been created yet, so the step starts over.
     */
    protected abstract SubmitState savedState();

    /** Whether the submit may take several attempts (its result then lists them). */
    protected boolean severalAttempts() {
        return false;
    }

    @Override
    public boolean start() {
        inBackground(() -> run(null));
        return false;
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

    @Override
    public void onResume() {
        KnownResult k = known;
        if (k != null) {
            // restarted after the result, before the step completed: deliver it, never watch again
            inBackground(() -> complete(k));
            return;
        }
        inBackground(() -> run(savedState()));
    }

    private void run(SubmitState saved) throws Exception {
        if (stopping) {
            failWith(stopCause != null ? stopCause : new AbortException(Messages.Step_Stopped()));
            return;
        }
        Submit s = saved == null ? startFlow() : resumeFlow(saved);
        submit = s;
        if (stopping) {
            s.interrupt(); // stop() came while the flow was starting: it could not interrupt a flow it did not see
        }
        // Completed on the monitor's thread: only queued here; the result's work runs on the blocking executor.
        s.result().whenComplete((r, e) -> ordered().run(() -> inBackground(() -> onResult(r))));
    }

    /** The store the flow saves its state to: the step's own saved form, written in order. */
    protected final SubmitStore store() {
        return state -> {
            CompletableFuture<Void> saved = new CompletableFuture<>();
            ordered().run(() -> {
                submitState = state;
                if (state.job() != null) {
                    job = state.job();
                }
                try {
                    ListenableFuture<Void> f = getContext().saveState();
                    if (f == null) {
                        saved.complete(null);
                    } else {
                        f.addListener(() -> complete(saved, f), Runnable::run);
                    }
                } catch (RuntimeException e) {
                    saved.completeExceptionally(e);
                }
            });
            return saved;
        };
    }

    private static void complete(CompletableFuture<Void> saved, ListenableFuture<Void> done) {
        try {
            done.get();
            saved.complete(null);
        } catch (Exception e) {
            saved.completeExceptionally(e);
        }
    }

    /** How the flow ended, as the step's result; on a background thread. */
    private void onResult(SubmitResult r) {
        JenkinsTargets bound = targets;
        if (bound != null) {
            bound.close(); // the fallback targets' bindings: the flow is over
        }
        if (r.ending() == SubmitResult.Ending.CLOSED || service().isClosing()) {
            return; // the controller is shutting down: the step resumes from its saved state after the restart
        }
        try {
            sayNotices(service().resolve(connectionKey)); // learned while the job was created or watched
        } catch (RuntimeException unbound) {
            // nothing bound to ask: nothing learned
        }
        Throwable cause = stopCause;
        if (cause != null) {
            print(ConsoleText.strip(r.outcome() != null ? r.outcome().message() : Messages.Step_Stopped()));
            failWith(cause);
            return;
        }
        KnownResult result;
        try {
            Map<String, Object> value = StepOutcome.ofSubmit(
                    r,
                    severalAttempts(),
                    failOnUnschedulable,
                    failOnJobFailure == null || failOnJobFailure,
                    run(),
                    listener());
            result = KnownResult.success(value);
        } catch (AbortException e) {
            result = KnownResult.failure(e.getMessage());
        } catch (Throwable t) {
            failWith(t);
            return;
        }
        if (stopCause != null) {
            failWith(stopCause); // an abort while the result was written still ends the step as aborted
            return;
        }
        end(result);
    }

    @Override
    public void stop(Throwable cause) throws Exception {
        stopCause = cause;
        stopping = true;
        Submit s = submit;
        if (s == null) {
            failWith(cause); // nothing started: a flow starting meanwhile sees `stopping` and ends at once
        } else if (!s.interrupt()) {
            // already ended: the result being written sees the stop
        }
    }

    /** The flow's listener: log lines and the job's console link, queued in order, never blocking. */
    protected final SubmitListener logListener() {
        return new StepLog();
    }

    private final class StepLog implements SubmitListener {
        private volatile boolean linked;
        /** The build page's view of the current wait; on this step's event queue only. */
        private WaitProgress progress;

        @Override
        public void onEvent(SubmitEvent event) {
            ordered().run(() -> log(event));
        }

        @Override
        public void onWatchEvent(MonitorEvent event) {
            ordered().run(() -> logWatch(event));
        }

        private void log(SubmitEvent event) {
            if (event instanceof SubmitEvent.Waiting) {
                return; // the step's own line said what it waits for
            }
            try {
                BuildLogWords.write(event, severalAttempts(), run(), listener().getLogger());
            } catch (IOException | InterruptedException e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
            }
            if (event instanceof SubmitEvent.Moving || event instanceof SubmitEvent.Retrying) {
                // the attempt's wait ended without an outcome the build page records: it waits no more
                showOnBuildPage(WaitProgress::ended);
            }
        }

        private void logWatch(MonitorEvent event) {
            print(event.message());
            showOnBuildPage(p -> p.onEvent(event));
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
        private void showOnBuildPage(java.util.function.Consumer<WaitProgress> update) {
            try {
                if (progress == null) {
                    progress = new WaitProgress(run(), service().time());
                }
                update.accept(progress);
            } catch (IOException | InterruptedException | RuntimeException e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /** Saves how the step ends, then completes it; a restart in between delivers the same result. */
    protected final void end(KnownResult result) {
        if (isCompleted()) {
            return;
        }
        if (service().isClosing()) {
            // The controller began shutting down: a step that completed now would not resume; this one does,
            // and goes on from its saved state after the restart (R1: nothing is recorded as a failure).
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
            return;
        }
        complete(result);
    }

    protected final void succeed(Map<String, Object> result) {
        end(KnownResult.success(result));
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
     * Ends the step; bad input and platform errors end it without a stack trace ({@link StepFailure}). While the
     * controller shuts down nothing ends: what failed then (a save, a call cut short) is done again on resume.
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

    /** What {@link #getStatus()} says before a watch started. */
    protected abstract String beforeWatchStatus();

    @Override
    public String getStatus() {
        WatchState s = watchState();
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
}
