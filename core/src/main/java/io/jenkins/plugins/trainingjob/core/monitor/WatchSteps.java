package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Duration;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The monitor's threading discipline for one watch (docs/contribute/monitor-threads.md), written once. Every
 * step runs on the scheduler thread and leaves at most one thing outstanding: one platform call
 * ({@link #call}) or one timer ({@link #after}). A call's answer continues the watch only while it is
 * {@link #open() open}; a bug in a step ends the watch ({@code onBug}) instead of leaving it hanging; the
 * listener only queues, and one that throws is logged and ignored.
 *
 * <p>Its transitions: open, then {@link #markCancelling()} (only a cancel's own steps run) and
 * {@link #markEnded()}.
 */
final class WatchSteps {
    private static final System.Logger LOG = System.getLogger(JobMonitor.class.getName());

    private final MonitorRuntime runtime;
    private final PlatformKind kind;
    private final WatchListener listener;
    private final Consumer<RuntimeException> onBug;

    // Scheduler-thread state.
    private MonitorClock.Timer timer;
    private boolean cancelling;
    private boolean done;

    WatchSteps(MonitorRuntime runtime, PlatformKind kind, WatchListener listener, Consumer<RuntimeException> onBug) {
        this.runtime = runtime;
        this.kind = kind;
        this.listener = listener == null ? WatchListener.NONE : listener;
        this.onBug = onBug;
    }

    /** The monitor's "now", for what a step hands to the pool with the time it was asked at. */
    java.time.Instant now() {
        return runtime.now();
    }

    /** Neither ended nor being cancelled: the watch's own steps go on. */
    boolean open() {
        return !done && !cancelling;
    }

    /** Whether the watch has ended. */
    boolean ended() {
        return done;
    }

    /**
     * The watch is being cancelled: its timer is dropped, and only the cancel's steps run from here. False when
     * it was not open.
     */
    boolean markCancelling() {
        if (!open()) {
            return false;
        }
        cancelling = true;
        cancelTimer();
        return true;
    }

    /** The watch ends, once: nothing outstanding continues it. False when it had ended already. */
    boolean markEnded() {
        if (done) {
            return false;
        }
        done = true;
        cancelTimer();
        return true;
    }

    /** Hands one platform call to the pool; its answer continues the watch with {@code next} while it is open. */
    <T> void call(String operation, Supplier<T> call, Consumer<CallResult<T>> next) {
        runtime.call(kind, operation, call, r -> {
            if (open()) {
                run(() -> next.accept(r));
            }
        });
    }

    /** Arms the watch's one timer: {@code step} runs on the scheduler thread after {@code delay}. */
    void after(Duration delay, Runnable step) {
        timer = runtime.schedule(
                () -> {
                    timer = null;
                    step.run();
                },
                delay);
    }

    void cancelTimer() {
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
    }

    /** Runs a step; a bug in it ends the watch with an error instead of leaving it hanging. */
    void run(Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            onBug.accept(e);
        }
    }

    void emit(MonitorEvent event) {
        try {
            listener.onEvent(event);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "watch listener failed", e);
        }
    }

    void tell(WatchState state) {
        try {
            listener.onStateChanged(state);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "watch listener failed", e);
        }
    }
}
