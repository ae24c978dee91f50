package io.jenkins.plugins.trainingjob.cli;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Ctrl-C on demand: {@link #fire()} runs what a shutdown hook would run. */
final class ManualInterrupts implements InterruptSignal {

    private final List<Runnable> handlers = new CopyOnWriteArrayList<>();

    @Override
    public Registration onInterrupt(Runnable handler) {
        handlers.add(handler);
        return () -> handlers.remove(handler);
    }

    boolean armed() {
        return !handlers.isEmpty();
    }

    void fire() {
        handlers.forEach(Runnable::run);
    }
}
