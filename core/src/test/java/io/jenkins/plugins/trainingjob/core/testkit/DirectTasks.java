package io.jenkins.plugins.trainingjob.core.testkit;

import io.jenkins.plugins.trainingjob.core.monitor.CallResult;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorSettings;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorTasks;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A monitor's tasks that run where they are handed over: a step and a call run at once on the caller's
 * thread, a timer waits until the test fires it ({@link #fireTimers()}). For tests of a front end that
 * script their watches ({@link ScriptedWatcher}): the submit flow runs on the test's thread, step by step.
 */
public final class DirectTasks implements MonitorTasks {

    private volatile TimeSource time;
    private final List<Runnable> timers = new CopyOnWriteArrayList<>();
    private final Set<Runnable> closeHooks = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    /** @param time what {@link #now()} reads; its timers are not used (a test fires these by hand) */
    public DirectTasks(TimeSource time) {
        this.time = time;
    }

    /** From now on {@link #now()} reads {@code time}: a test's manual clock, which it moves (past a restart). */
    public void runOn(TimeSource time) {
        this.time = time;
    }

    @Override
    public Instant now() {
        return time.now();
    }

    @Override
    public MonitorSettings settings() {
        return MonitorSettings.defaults();
    }

    @Override
    public boolean onSchedulerThread() {
        return true;
    }

    @Override
    public boolean onScheduler(Runnable task) {
        if (closed) {
            return false;
        }
        task.run();
        return true;
    }

    @Override
    public TimeSource.Timer schedule(Runnable task, Duration delay) {
        if (closed) {
            return null;
        }
        timers.add(task);
        return () -> timers.remove(task);
    }

    @Override
    public <T> boolean call(PlatformKind platform, String operation, Supplier<T> call, Consumer<CallResult<T>> then) {
        if (closed) {
            return false;
        }
        CallResult<T> result;
        try {
            result = new CallResult<>(call.get(), null);
        } catch (PlatformException e) {
            result = new CallResult<>(null, e);
        }
        then.accept(result);
        return true;
    }

    @Override
    public Registration whenClosing(Runnable onClose) {
        closeHooks.add(onClose);
        return () -> closeHooks.remove(onClose);
    }

    /** Fires every timer armed so far (a back-off, a stop confirmation's next read). */
    public void fireTimers() {
        List<Runnable> due = new ArrayList<>(timers);
        timers.clear();
        due.forEach(Runnable::run);
    }

    /** Timers armed and not fired or cancelled. */
    public int pendingTimers() {
        return timers.size();
    }

    /** Closes like a monitor: the close hooks run, nothing more is taken. */
    public void close() {
        if (!closed) {
            List.copyOf(closeHooks).forEach(Runnable::run);
            closeHooks.clear();
            closed = true;
        }
    }
}
