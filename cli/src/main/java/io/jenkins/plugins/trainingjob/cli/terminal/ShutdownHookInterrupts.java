package io.jenkins.plugins.trainingjob.cli.terminal;

import io.jenkins.plugins.trainingjob.cli.InterruptSignal;

/** Ctrl-C (SIGINT) or SIGTERM, as the JVM reports them: by running shutdown hooks. */
public final class ShutdownHookInterrupts implements InterruptSignal {

    @Override
    public Registration onInterrupt(Runnable handler) {
        Thread hook = new Thread(handler, "trainjob-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        return () -> {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running or has run: nothing left to remove.
            }
        };
    }
}
