package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.CliEnvironment;
import io.jenkins.plugins.trainingjob.cli.InterruptSignal;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The pause between two polls of a command that follows something ({@code logs --follow},
 * {@code status --watch}): Ctrl-C ends the pause at once, and the handler then waits until the command
 * has printed its last line ({@link #close()}), as a shutdown hook must.
 */
final class PollLoop implements AutoCloseable {

    private static final long PRINT_WAIT_SECONDS = 10;

    private final CountDownLatch interrupted = new CountDownLatch(1);
    private final CountDownLatch finished = new CountDownLatch(1);
    private final InterruptSignal.Registration registration;

    PollLoop(CliEnvironment env) {
        this.registration = env.interrupts().onInterrupt(() -> {
            interrupted.countDown();
            try {
                finished.await(PRINT_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** Waits {@code interval}; false when Ctrl-C came (before or during the pause). */
    boolean pause(Duration interval) {
        try {
            return !interrupted.await(interval.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    boolean interrupted() {
        return interrupted.getCount() == 0;
    }

    @Override
    public void close() {
        finished.countDown();
        registration.close();
    }
}
