package io.jenkins.plugins.trainingjob.cli.terminal;

import io.jenkins.plugins.trainingjob.cli.CliEnvironment;
import io.jenkins.plugins.trainingjob.cli.InterruptSignal;
import io.jenkins.plugins.trainingjob.core.monitor.Watch;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What Ctrl-C does while the CLI waits: cancel the watches, stop the remote jobs when asked to
 * ({@code --cancel-on-interrupt}), and say which. The handler then waits until the command has printed
 * its result ({@link #close()}), because a shutdown hook that returns lets the JVM halt mid-sentence.
 */
public final class InterruptGuard implements AutoCloseable {

    private static final long CANCEL_WAIT_SECONDS = 60;
    private static final long PRINT_WAIT_SECONDS = 10;

    private final CountDownLatch finished = new CountDownLatch(1);
    private final InterruptSignal.Registration registration;
    private volatile boolean interrupted;

    private InterruptGuard(
            CliEnvironment env, Terminal terminal, List<Watch> watches, List<JobRef> jobs, boolean stopRemote) {
        this.registration = env.interrupts().onInterrupt(() -> {
            interrupted = true;
            for (int i = 0; i < watches.size(); i++) {
                JobRef job = jobs.get(i);
                if (watches.get(i).outcome().isDone()) {
                    continue; // this one has ended already: nothing to stop
                }
                terminal.progress(
                        stopRemote
                                ? "interrupted: stopping job " + job.id() + " on "
                                        + job.platform().displayName() + " (--cancel-on-interrupt)"
                                : "interrupted: no longer waiting; job " + job.id() + " keeps running (stop it with: "
                                        + "trainjob cancel " + job.id() + ")");
                try {
                    watches.get(i).cancel(stopRemote).get(CANCEL_WAIT_SECONDS, TimeUnit.SECONDS);
                } catch (TimeoutException e) {
                    terminal.progress("interrupted: the platform did not confirm the stop of " + job.id() + " within "
                            + CANCEL_WAIT_SECONDS + "s; check it with: trainjob status " + job.id());
                } catch (Exception e) {
                    terminal.progress("interrupted: cancelling " + job.id() + " failed: " + e.getMessage());
                }
            }
            try {
                finished.await(PRINT_WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    public static InterruptGuard install(
            CliEnvironment env, Terminal terminal, List<Watch> watches, List<JobRef> jobs, boolean stopRemote) {
        return new InterruptGuard(env, terminal, List.copyOf(watches), List.copyOf(jobs), stopRemote);
    }

    boolean interrupted() {
        return interrupted;
    }

    /** The command has printed its result: the interrupt handler may return. */
    @Override
    public void close() {
        registration.close();
        finished.countDown();
    }
}
