package io.jenkins.plugins.trainingjob.report;

import hudson.model.Run;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.io.IOException;
import java.time.Duration;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * Keeps the build page's view of one wait current from the watch's events (review R11): the job's state, its
 * queue position and the last estimate of its start, in the build's {@link PendingTimeAction}. The page reads
 * the action, so it sees every event at once; the build record is written at most every {@link #SAVE_EVERY}
 * (a busy queue moves its position every poll), and the last state seen is what a controller restarted
 * mid-wait shows until the resumed watch speaks.
 *
 * <p>Call {@link #onEvent} from the step's own event queue, never from the monitor's scheduler thread: it may
 * write the build record. {@link #ended()} when the wait ended without its outcome being recorded (an attempt
 * that moved on); a recorded outcome ({@link PendingTimeAction#record}) ends it too.
 */
@Restricted(NoExternalUse.class)
public final class WaitProgress {
    /** How often the build record is written while a job waits. */
    public static final Duration SAVE_EVERY = Duration.ofSeconds(30);

    private final Run<?, ?> run;
    private final TimeSource time;
    private final long saveEvery;
    private LiveWait current;
    private long lastSave = Long.MIN_VALUE;
    private boolean unsaved;

    /** The build's view, on {@code time} (the service's): when each state was seen, when to save. */
    public WaitProgress(Run<?, ?> run, TimeSource time) {
        this(run, time, SAVE_EVERY);
    }

    WaitProgress(Run<?, ?> run, TimeSource time, Duration saveEvery) {
        this.run = run;
        this.time = time;
        this.saveEvery = saveEvery.toMillis();
    }

    /** Takes what the event says about the job into the build's view; a save may follow. */
    public synchronized void onEvent(MonitorEvent event) {
        JobStatus status = statusOf(event);
        if (status == null && current == null) {
            return; // a retry before the first status: nothing to show yet
        }
        long now = time.now().toEpochMilli();
        String jobId = status != null ? status.job().id() : current.getJobId();
        LiveWait previous = current != null && current.getJobId().equals(jobId) ? current : null;
        String state = status != null ? status.phase().name() : previous.getState();
        Integer position = event instanceof MonitorEvent.QueuePositionChanged q
                ? Integer.valueOf(q.position())
                : status != null ? status.queuePosition() : previous.getQueuePosition();
        Eta eta = etaOf(event);
        String estimate = eta != null ? eta.summary() : previous == null ? null : previous.getEta();
        if (status != null && !waitingToStart(status.phase())) {
            estimate = null; // started: an estimate of the start says nothing any more
        }
        current = new LiveWait(
                jobId,
                status != null ? status.job().name() : previous.getJobName(),
                status != null ? status.job().platform().displayName() : previous.getPlatform(),
                state,
                position,
                estimate == null || estimate.isEmpty() ? null : estimate,
                // a new estimate is shown as the estimate; the line before it says more than its repetition
                event instanceof MonitorEvent.EtaChanged && previous != null
                        ? previous.getLastEvent()
                        : event.message(),
                now);
        PendingTimeAction.live(run, current);
        unsaved = true;
        if (lastSave == Long.MIN_VALUE || now - lastSave >= saveEvery) {
            save(now);
        }
    }

    /** The wait ended: the page stops showing it. */
    public synchronized void ended() {
        if (current != null) {
            PendingTimeAction.endLive(run, current.getJobId());
            current = null;
        }
    }

    /** Writes what a throttled event left unsaved (the step's end writes the build record anyway). */
    public synchronized void flush() {
        if (unsaved) {
            save(time.now().toEpochMilli());
        }
    }

    private void save(long now) {
        lastSave = now;
        unsaved = false;
        try {
            run.save();
        } catch (IOException e) {
            // the build saves its actions again when it ends; the page reads the action, not the file
        }
    }

    private static boolean waitingToStart(JobPhase phase) {
        return phase == JobPhase.PENDING || phase == JobPhase.UNKNOWN;
    }

    /** The status an event carries; {@code null} for a retry, which says nothing about the job. */
    private static JobStatus statusOf(MonitorEvent event) {
        if (event instanceof MonitorEvent.StateChanged e) {
            return e.current();
        } else if (event instanceof MonitorEvent.QueuePositionChanged e) {
            return e.current();
        } else if (event instanceof MonitorEvent.Heartbeat e) {
            return e.current();
        } else if (event instanceof MonitorEvent.DiagnosisStarted e) {
            return e.current();
        } else if (event instanceof MonitorEvent.DiagnosisWaiting e) {
            return e.current();
        } else if (event instanceof MonitorEvent.EtaChanged e) {
            return e.current();
        } else if (event instanceof MonitorEvent.BudgetAtRisk e) {
            return e.current();
        } else if (event instanceof MonitorEvent.KeptWaiting e) {
            return e.current();
        }
        return null;
    }

    private static Eta etaOf(MonitorEvent event) {
        if (event instanceof MonitorEvent.EtaChanged e) {
            return e.eta();
        } else if (event instanceof MonitorEvent.BudgetAtRisk e) {
            return e.eta();
        }
        return null;
    }
}
