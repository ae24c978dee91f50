package io.jenkins.plugins.trainingjob.cli;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Ctrl-C on demand: {@link #fire()} runs what a shutdown hook would run. */
final class ManualInterrupts implements InterruptSignal {

    private final List<Runnable> handlers = new CopyOnWriteArrayList<>();
    private final java.util.concurrent.CountDownLatch firstHandler = new java.util.concurrent.CountDownLatch(1);

    @Override
    public Registration onInterrupt(Runnable handler) {
        handlers.add(handler);
        firstHandler.countDown();
        return () -> handlers.remove(handler);
    }

    /** Waits (on a latch, at most 30 s) until a command listens for Ctrl-C, then presses it. */
    void pressWhenArmed() throws InterruptedException {
        if (!firstHandler.await(30, java.util.concurrent.TimeUnit.SECONDS)) {
            throw new AssertionError("no command listened for Ctrl-C within 30 s");
        }
        fire();
    }

    boolean armed() {
        return !handlers.isEmpty();
    }

    void fire() {
        handlers.forEach(Runnable::run);
    }
}
