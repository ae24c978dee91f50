package io.jenkins.plugins.trainingjob.cli;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Ctrl-C on demand: {@link #fire()} runs what a shutdown hook would run. */
public final class ManualInterrupts implements InterruptSignal {

    private final List<Runnable> handlers = new CopyOnWriteArrayList<>();
    /** Open while a command listens; a new one once the last handler is gone (an earlier command ended). */
    private volatile java.util.concurrent.CountDownLatch listening = new java.util.concurrent.CountDownLatch(1);

    @Override
    public synchronized Registration onInterrupt(Runnable handler) {
        handlers.add(handler);
        listening.countDown();
        notifyAll();
        return () -> {
            synchronized (this) {
                handlers.remove(handler);
                if (handlers.isEmpty() && listening.getCount() == 0) {
                    listening = new java.util.concurrent.CountDownLatch(1);
                }
            }
        };
    }

    /** Waits (on a latch, at most 30 s) until a command listens for Ctrl-C, then presses it. */
    void pressWhenArmed() throws InterruptedException {
        if (!listening.await(30, java.util.concurrent.TimeUnit.SECONDS)) {
            throw new AssertionError("no command listened for Ctrl-C within 30 s");
        }
        fire();
    }

    /** Waits (at most 30 s) until {@code n} handlers listen at once: a command's guard and what it runs inside it. */
    void awaitListeners(int n) throws InterruptedException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
        synchronized (this) {
            while (handlers.size() < n) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError(n + " handlers did not listen for Ctrl-C within 30 s");
                }
                wait(java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(left) + 1);
            }
        }
    }

    /**
     * Presses Ctrl-C as the JVM does it: every handler (shutdown hook) on a thread of its own, at once, so a
     * handler that waits for the command does not hold up the others. Returns the handlers' threads.
     */
    List<Thread> fireAsHooks() {
        List<Thread> hooks = new java.util.ArrayList<>();
        for (Runnable handler : handlers) {
            Thread hook = new Thread(handler, "test-interrupt-hook");
            hook.start();
            hooks.add(hook);
        }
        return hooks;
    }

    void fire() {
        handlers.forEach(Runnable::run);
    }

    /**
     * Presses Ctrl-C from another thread, as a signal arrives, and returns once every handler has taken
     * note and is waiting for the command to finish (parked), so the command's next step sees it.
     */
    Thread fireAndAwaitNoted() {
        Thread signal = new Thread(this::fire, "test-interrupt");
        signal.start();
        // A handler parks on the command's completion once it has recorded the interrupt.
        while (signal.isAlive()
                && signal.getState() != Thread.State.TIMED_WAITING
                && signal.getState() != Thread.State.WAITING) {
            Thread.onSpinWait();
        }
        return signal;
    }
}
