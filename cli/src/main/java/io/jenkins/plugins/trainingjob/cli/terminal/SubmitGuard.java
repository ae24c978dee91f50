package io.jenkins.plugins.trainingjob.cli.terminal;

import io.jenkins.plugins.trainingjob.cli.CliEnvironment;
import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.cli.InterruptSignal;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.Watch;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Ctrl-C (or SIGTERM) handling for {@code submit}, in place from before the create call until the
 * command has printed its result, so no instant lets an interrupt leave a job behind unsaid.
 *
 * <p>The handler (a shutdown hook in production) never races the command for the job: while the create
 * is in flight it only says what will happen and waits; the command finishes the create (a lost answer
 * is resolved by the token look-up), sees the interrupt at {@link #created} or {@link #watching}, prints
 * the job id and stops the job itself. Once a watch runs, the handler cancels it as {@link InterruptGuard}
 * does. Either way the handler returns only when the command is done ({@link #close}), bounded.
 */
public final class SubmitGuard implements AutoCloseable {

    private static final long CANCEL_WAIT_SECONDS = 60;

    private final Terminal terminal;
    private final boolean stopRemote;
    private final Duration handlerWait;
    private final CountDownLatch finished = new CountDownLatch(1);
    private final InterruptSignal.Registration registration;
    private JobRef job;
    private Watch watch;
    private boolean interrupted;

    /**
     * @param stopRemote whether an interrupt stops the job ({@code --cancel-on-interrupt})
     * @param createBudget how long the create (and its look-ups) may still take: the handler waits that
     *     long plus the stop before letting the JVM end
     */
    public SubmitGuard(
            CliEnvironment env,
            Terminal terminal,
            String jobName,
            String clientToken,
            boolean stopRemote,
            Duration createBudget) {
        this.terminal = terminal;
        this.stopRemote = stopRemote;
        this.handlerWait = createBudget.plusSeconds(2 * CANCEL_WAIT_SECONDS);
        this.registration = env.interrupts().onInterrupt(() -> onInterrupt(jobName, clientToken));
    }

    private void onInterrupt(String jobName, String clientToken) {
        JobRef j;
        Watch w;
        synchronized (this) {
            interrupted = true;
            j = job;
            w = watch;
        }
        if (w != null) {
            cancelWatch(j, w);
        } else if (j == null) {
            terminal.progress("interrupted while creating job " + (jobName.isEmpty() ? "" : "'" + jobName + "' ")
                    + "(client token " + clientToken + "): finishing the create to "
                    + (stopRemote ? "stop the job (--cancel-on-interrupt)" : "print the job id"));
        }
        // else: created, not yet watched; the command sees the interrupt at watching() and stops it
        try {
            finished.await(handlerWait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void cancelWatch(JobRef j, Watch w) {
        if (w.outcome().isDone()) {
            return;
        }
        terminal.progress(
                stopRemote
                        ? "interrupted: stopping job " + j.id() + " on "
                                + j.platform().displayName() + " (--cancel-on-interrupt)"
                        : keepsRunning(j));
        try {
            w.cancel(stopRemote).get(CANCEL_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            terminal.progress("interrupted: the platform did not confirm the stop of " + j.id() + " within "
                    + CANCEL_WAIT_SECONDS + "s; check it with: trainjob status " + j.id());
        } catch (Exception e) {
            terminal.progress("interrupted: cancelling " + j.id() + " failed: " + e.getMessage());
        }
    }

    private static String keepsRunning(JobRef j) {
        return "interrupted: no longer waiting; job " + j.id() + " keeps running (stop it with: trainjob cancel "
                + j.id() + ")";
    }

    /** The create returned {@code job}; {@code true} when an interrupt came first (call {@link #stopAfterInterrupt}). */
    public synchronized boolean created(JobRef job) {
        this.job = job;
        return interrupted;
    }

    /** The watch began; {@code false} when an interrupt came first (the command then stops the job itself). */
    public synchronized boolean watching(Watch watch) {
        if (interrupted) {
            return false;
        }
        this.watch = watch;
        return true;
    }

    /**
     * The command's side of an interrupt that came before the watch: stop the job (or say it keeps
     * running), with the job id already on stdout.
     *
     * @return the exit code
     */
    public int stopAfterInterrupt(TrainingPlatform platform, JobRef j, Watch started) {
        if (started != null) {
            if (stopRemote) {
                terminal.progress("interrupted: stopping job " + j.id() + " on "
                        + j.platform().displayName() + " (--cancel-on-interrupt)");
            } else {
                terminal.progress(keepsRunning(j));
            }
            Outcome outcome = started.cancel(stopRemote).join();
            terminal.resultLine(outcome.message());
            return ExitCode.INTERRUPTED;
        }
        if (!stopRemote) {
            terminal.progress(keepsRunning(j));
            return ExitCode.INTERRUPTED;
        }
        terminal.progress("interrupted: stopping job " + j.id() + " on "
                + j.platform().displayName() + " (--cancel-on-interrupt)");
        try {
            platform.cancel(j);
            terminal.progress(
                    "interrupted: stopped job " + j.id() + " on " + j.platform().displayName());
        } catch (PlatformException e) {
            terminal.progress("interrupted: stopping " + j.id() + " failed (" + e.getMessage()
                    + "); stop it with: trainjob cancel " + j.id());
        }
        return ExitCode.INTERRUPTED;
    }

    public synchronized boolean interrupted() {
        return interrupted;
    }

    /** The command has printed its result: the interrupt handler may return. */
    @Override
    public void close() {
        registration.close();
        finished.countDown();
    }
}
