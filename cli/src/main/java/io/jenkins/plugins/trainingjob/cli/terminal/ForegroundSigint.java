package io.jenkins.plugins.trainingjob.cli.terminal;

import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C for a command whose normal end is being stopped ({@code trainjob simulator}): SIGINT runs a
 * handler instead of starting JVM shutdown, so the command returns and exits 0 as documented (a shutdown
 * started by a signal always exits 128 + the signal). A SIGINT that was ignored (a process started with
 * {@code &} from a script) stays ignored; SIGTERM keeps its default (exit 143).
 */
public final class ForegroundSigint implements AutoCloseable {

    public static final ForegroundSigint NONE = new ForegroundSigint(null, null);

    private final Signal signal;
    private final SignalHandler previous;

    private ForegroundSigint(Signal signal, SignalHandler previous) {
        this.signal = signal;
        this.previous = previous;
    }

    public static ForegroundSigint install(Runnable onInterrupt) {
        try {
            Signal sigint = new Signal("INT");
            SignalHandler previous = Signal.handle(sigint, s -> onInterrupt.run());
            if (previous == SignalHandler.SIG_IGN) {
                Signal.handle(sigint, SignalHandler.SIG_IGN);
                return NONE;
            }
            return new ForegroundSigint(sigint, previous);
        } catch (IllegalArgumentException | UnsupportedOperationException | LinkageError e) {
            // No signal support here: Ctrl-C then ends the JVM through the shutdown hook (exit 130).
            return NONE;
        }
    }

    @Override
    public void close() {
        if (signal != null) {
            Signal.handle(signal, previous);
        }
    }
}
