package io.jenkins.plugins.trainingjob.cli;

/**
 * Where Ctrl-C comes from. In production a JVM shutdown hook ({@code cli.terminal.ShutdownHookInterrupts}); in tests
 * a switch the test flips, so cancel-on-interrupt is exercised in-process.
 */
public interface InterruptSignal {

    /**
     * Runs {@code handler} when the user interrupts, until the returned registration is closed. The
     * handler may block until its clean-up is done (a shutdown hook has to, or the JVM halts first).
     */
    Registration onInterrupt(Runnable handler);

    /** Removes its handler; closing twice is harmless. */
    interface Registration extends AutoCloseable {
        @Override
        void close();
    }
}
