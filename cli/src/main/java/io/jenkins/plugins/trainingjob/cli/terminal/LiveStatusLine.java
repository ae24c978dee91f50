package io.jenkins.plugins.trainingjob.cli.terminal;

import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.text.DurationText;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.time.Duration;
import java.time.Instant;

/**
 * The one status line a person watches on a terminal while the CLI waits: state, queue position, placed
 * workers and the time waited so far, redrawn every second in place. Only used when
 * {@link Terminal#live()}; elsewhere progress stays plain lines, one per event. The seconds, the redraws
 * and the estimate's count-down all come from the command's time source.
 */
public final class LiveStatusLine implements AutoCloseable {

    private static final char[] SPINNER = {'|', '/', '-', '\\'};
    private static final Duration REDRAW = Duration.ofSeconds(1);

    private final Terminal terminal;
    private final TimeSource time;
    private final Instant start;
    private final Object redraws = new Object();
    // Guarded by redraws: the next redraw's timer, none once closed.
    private TimeSource.Timer next;
    private boolean closed;
    private volatile JobRef job;
    private volatile JobStatus status;
    private volatile String activity = "waiting";
    private volatile Eta eta;
    private volatile Instant etaAt;
    private int frame;

    public LiveStatusLine(Terminal terminal, TimeSource time, JobRef job) {
        this.terminal = terminal;
        this.time = time;
        this.start = time.now();
        this.job = job;
        synchronized (redraws) {
            next = time.schedule(this::tick, Duration.ZERO);
        }
    }

    /** Draws one frame and sets the timer of the next, one at a time, until closed. */
    private void tick() {
        synchronized (redraws) {
            if (closed) {
                return;
            }
            draw();
            next = time.schedule(this::tick, REDRAW);
        }
    }

    public void update(JobStatus latest) {
        if (latest != null) {
            status = latest;
            job = latest.job();
        }
    }

    public void activity(String what) {
        activity = what;
    }

    /**
     * The watch's latest estimate: shown on the line while the job is pending and it is a range, counted down
     * from when it came (the watch sends a new one only when it moves materially, {@code EtaDamper}).
     */
    public void eta(Eta latest) {
        etaAt = time.now();
        eta = latest;
    }

    private void draw() {
        Instant now = time.now();
        Eta shown = eta;
        Instant at = etaAt;
        if (shown != null && at != null) {
            shown = shown.after(Duration.between(at, now));
        }
        terminal.showLive(text(job, status, activity, Duration.between(start, now), frame++, shown));
    }

    static String text(JobRef job, JobStatus status, String activity, Duration elapsed, int frame) {
        return text(job, status, activity, elapsed, frame, null);
    }

    /**
     * {@code | [aihc] llama-sft-1 PENDING (Created) · queue #2 · 0/2 placed · waiting 1m 5s}, and while the
     * job is pending with an estimate {@code · starts in 25-70 min (p50 40 min)}: only a range; "no basis" and
     * the other reasons for none are progress lines of their own, printed once above.
     */
    static String text(JobRef job, JobStatus status, String activity, Duration elapsed, int frame, Eta eta) {
        StringBuilder sb = new StringBuilder()
                .append(SPINNER[Math.floorMod(frame, SPINNER.length)])
                .append(' ')
                .append('[')
                .append(job.platform().id())
                .append("] ")
                .append(job.name());
        if (status != null) {
            sb.append(' ').append(status.phase());
            if (!status.rawState().isBlank()
                    && !status.rawState().equalsIgnoreCase(status.phase().name())) {
                sb.append(" (").append(status.rawState()).append(')');
            }
            if (status.queuePosition() != null) {
                sb.append(" · queue #").append(status.queuePosition());
            }
            if (!status.workers().isEmpty()) {
                sb.append(" · ")
                        .append(status.workers().stream()
                                .filter(WorkerStatus::isPlaced)
                                .count())
                        .append('/')
                        .append(status.workers().size())
                        .append(" placed");
            }
        }
        // Whole seconds: the line is redrawn every second, milliseconds would only flicker.
        Duration seconds = elapsed.truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
        sb.append(" · ")
                .append(activity)
                .append(' ')
                .append(seconds.isZero() || seconds.isNegative() ? "0s" : DurationText.exact(seconds));
        if (eta != null && eta.known() && (status == null || status.phase() == JobPhase.PENDING)) {
            sb.append(" · starts in ")
                    .append(DurationText.compactRange(eta.p10(), eta.p90()))
                    .append(" (p50 ")
                    .append(DurationText.compact(eta.p50()))
                    .append(')');
        }
        return sb.toString();
    }

    @Override
    public void close() {
        synchronized (redraws) {
            closed = true;
            if (next != null) {
                next.cancel();
            }
        }
        terminal.endLive();
    }
}
