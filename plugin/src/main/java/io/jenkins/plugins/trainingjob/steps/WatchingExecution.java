package io.jenkins.plugins.trainingjob.steps;

import hudson.AbortException;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.trainingjob.ConnectionBinding;
import io.jenkins.plugins.trainingjob.ConnectionRef;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.TrainingJobService;
import io.jenkins.plugins.trainingjob.core.monitor.FailureCleanup;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.monitor.Watch;
import io.jenkins.plugins.trainingjob.core.monitor.WatchListener;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.monitor.WatchState;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.report.ConsoleText;
import io.jenkins.plugins.trainingjob.core.spec.InvalidSpecException;
import java.io.IOException;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.jenkinsci.plugins.workflow.steps.StepExecution;

/**
 * A step execution that waits for a training job through the controller's shared monitor, holding no
 * thread while it waits. Its durable fields are ids and the monitor's {@link WatchState}, nothing else:
 * no secret, no client. After a controller restart {@link #onResume()} re-binds the connection and hands
 * the state back to the monitor.
 */
public abstract class WatchingExecution extends StepExecution {
    private static final long serialVersionUID = 1L;

    protected final ConnectionRef connection;
    protected final boolean failOnUnschedulable;
    protected final boolean cancelOnAbort;
    /** Stop the job when the wait fails with it still there; set by the subclass (older saved steps: off). */
    protected boolean cancelOnFailure;
    /** Names this step's inline connection in the monitor; durable, so a resumed step finds it again. */
    private final String bindingId = UUID.randomUUID().toString();
    private volatile JobRef job;
    private volatile WatchState watchState;

    private transient volatile TrainingJobService service;
    private transient volatile Watch watch;
    private transient volatile String connectionKey;
    private transient volatile boolean stopping;
    private transient AtomicBoolean completed;

    protected WatchingExecution(StepContext context, ConnectionRef connection, boolean failOnUnschedulable,
            boolean cancelOnAbort) {
        super(context);
        this.connection = connection;
        this.failOnUnschedulable = failOnUnschedulable;
        this.cancelOnAbort = cancelOnAbort;
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
        service().executor().execute(() -> {
            try {
                body.run();
            } catch (Throwable t) {
                failWith(t);
            }
        });
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
        return binding;
    }

    /** Starts the monitor's watch of a submitted job. */
    protected final void startWatch(ConnectionBinding binding, JobRef submitted, WatchPolicy policy) throws Exception {
        job = submitted;
        register(service().watcher().watch(binding.key(), submitted, policy, new LogListener()));
    }

    private void register(Watch w) throws Exception {
        watch = w;
        watchState = w.state();
        saveNow();
        if (stopping) {
            // stop() came while we were registering: it could not cancel a watch it did not see
            stopWatch(w, null);
            return;
        }
        // Off the monitor's one scheduler thread: turning an outcome into a result writes report files and
        // the build log, which must not delay the polling of every other watch.
        w.outcome().whenCompleteAsync((outcome, error) -> {
            if (error != null) {
                failWith(error);
            } else {
                onOutcome(outcome);
            }
        }, service().executor());
    }

    private void onOutcome(Outcome outcome) {
        if (stopping) {
            return;
        }
        if (outcome instanceof Outcome.Cancelled) {
            // The monitor closed (the controller is shutting down): the step resumes after the restart.
            return;
        }
        try {
            Run<?, ?> run = run();
            if (FailureCleanup.leavesJob(outcome, failOnUnschedulable)) {
                // core's rule, as in the CLI: stop the job left by the failed wait, or say how to
                try {
                    print(FailureCleanup.apply(bind().client(), job, outcome, cancelOnFailure, "cancelOnFailure",
                            Messages.Step_StopHint(ConsoleText.strip(job.id()))));
                } catch (IOException | RuntimeException e) {
                    print(Messages.Step_StopFailed(ConsoleText.strip(String.valueOf(e.getMessage()))));
                }
            }
            succeed(StepOutcome.apply(outcome, job, failOnUnschedulable, run, listener()));
        } catch (Throwable t) {
            failWith(t);
        }
    }

    @Override
    public void onResume() {
        if (watchState != null && watchState.phase() != WatchState.Phase.DONE) {
            inBackground(() -> {
                bind();
                print(Messages.Step_Resuming(job.platform().displayName(), ConsoleText.strip(job.id())));
                register(service().watcher().resume(watchState, new LogListener()));
            });
        } else {
            inBackground(this::resumeBeforeWatch);
        }
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
                } catch (IllegalArgumentException e) {
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
        w.cancel(cancelOnAbort).whenComplete((outcome, error) -> {
            try {
                if (outcome != null) {
                    print(outcome.message());
                }
            } finally {
                failWith(cause != null ? cause : new AbortException(Messages.Step_Stopped()));
            }
        });
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

    protected final void succeed(Object result) {
        if (firstCompletion()) {
            service().release(connectionKey);
            getContext().onSuccess(result);
        }
    }

    /** Ends the step; bad input and platform errors end it without a stack trace. */
    protected final void failWith(Throwable t) {
        if (firstCompletion()) {
            service().release(connectionKey);
            Throwable reported = t;
            if (t instanceof IllegalArgumentException || t instanceof PlatformException
                    || t instanceof InvalidSpecException) {
                reported = new AbortException(StepOutcome.consoleLines(t.getMessage()));
            }
            getContext().onFailure(reported);
        }
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
        String target = s.policy().until() == WaitTarget.COMPLETED ? Messages.Status_Completed() : Messages.Status_Scheduled();
        return Messages.Status_Waiting(s.job().platform().displayName(), s.job().id(), target, s.phase().name(),
                s.pendingDeadline().toString());
    }

    /** Writes the monitor's progress lines to the build log and keeps the durable state current. */
    private final class LogListener implements WatchListener {
        private volatile boolean linked;

        @Override
        public void onEvent(MonitorEvent event) {
            print(event.message());
            if (!linked && event instanceof MonitorEvent.StateChanged changed && changed.current() != null
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

        @Override
        public void onStateChanged(WatchState state) {
            watchState = state;
            getContext().saveState();
        }
    }
}
