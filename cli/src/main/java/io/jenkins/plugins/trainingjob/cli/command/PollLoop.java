package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.CliEnvironment;
import io.jenkins.plugins.trainingjob.cli.InterruptSignal;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The pause between two polls of a command that follows something ({@code logs --follow},
 * {@code status --watch}), timed by the command's time source: Ctrl-C ends the pause at once, and the
 * handler then waits until the command has printed its last line ({@link #close()}), as a shutdown hook must.
 */
final class PollLoop implements AutoCloseable {

    private static final long PRINT_WAIT_SECONDS = 10;

    private final TimeSource time;
    private final CountDownLatch interrupted = new CountDownLatch(1);
    private final CountDownLatch finished = new CountDownLatch(1);
    private final InterruptSignal.Registration registration;
    /** The pause going on, which Ctrl-C ends too; {@code null} between pauses. */
    private volatile CountDownLatch pausing;

    PollLoop(CliEnvironment env) {
        this.time = env.time();
        this.registration = env.interrupts().onInterrupt(() -> {
            interrupted.countDown();
            CountDownLatch p = pausing;
            if (p != null) {
                p.countDown();
            }
            try {
                finished.await(PRINT_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** Waits {@code interval} on the time source; false when Ctrl-C came (before or during the pause). */
    boolean pause(Duration interval) {
        CountDownLatch over = new CountDownLatch(1);
        pausing = over;
        TimeSource.Timer timer = time.schedule(over::countDown, interval);
        try {
            if (!interrupted()) {
                over.await();
            }
            return !interrupted();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            timer.cancel();
            pausing = null;
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
