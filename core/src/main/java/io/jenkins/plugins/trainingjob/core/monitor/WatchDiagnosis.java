package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.SinceLastStart;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisNotReadyException;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisPreCheckException;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisWithInventory;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.RawDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshots;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The diagnosis of a watch whose job stayed pending past its pending deadline: launches the platform's
 * diagnosis (once: a resumed watch re-attaches to the one its saved state names), asks for its report, and
 * analyses it. A job with a baseline ({@link StartSnapshots}) gets the report's section "Since it last
 * started", captured in the same call as the report (the inventory the report joined is read once per round).
 * It decides which call comes next and what an answer means; the watch keeps its state and its end, and hears
 * each answer through {@link Answers}.
 *
 * <p>In the watch's discipline ({@link WatchSteps}): each step is one call, whose answer continues only
 * while the watch is open.
 */
final class WatchDiagnosis {
    private static final System.Logger LOG = System.getLogger(JobMonitor.class.getName());

    /**
     * What the diagnosis tells its watch.
     *
     * @param launched the platform accepted the launch of the diagnosis with this id: the watch saves it (the
     *     report is asked for at once)
     * @param notYet the platform will not start the diagnosis yet, or its report is not ready: both pass, so
     *     the watch looks again at its next tick
     * @param failed a call failed otherwise
     * @param diagnosed the report, analysed; an unreadable one when the analysis failed (the job is
     *     unschedulable whether or not it can be explained)
     */
    record Answers(
            Consumer<String> launched,
            Runnable notYet,
            Consumer<PlatformException> failed,
            Consumer<DiagnosisReport> diagnosed) {}

    private final WatchSteps steps;
    private final ConnectionGroup group;
    private final MonitorSettings settings;
    private final Answers answers;
    private final StartSnapshots snapshots;
    /** The watch's job, as its saved state names it. */
    private final JobRef job;
    /** The watch resumed a diagnosis already running: re-attaching to it is said once, as a launch is. */
    private final boolean resumed;

    // Scheduler-thread state.
    private boolean reattachAnnounced;
    /** The kind of the last "diagnosis waiting" said, so a wait that repeats is said once, not every poll. */
    private Class<?> lastWaitingKind;

    /** A fetched report with the section comparing it with the job's baseline, when it has one. */
    private record Fetched(RawDiagnosis raw, Optional<SinceLastStart> since) {}

    WatchDiagnosis(
            WatchSteps steps,
            ConnectionGroup group,
            MonitorSettings settings,
            WatchState state,
            StartSnapshots snapshots,
            Answers answers) {
        this.steps = steps;
        this.group = group;
        this.settings = settings;
        this.snapshots = snapshots;
        this.answers = answers;
        this.job = state.job();
        this.resumed = state.phase() == WatchState.Phase.DIAGNOSING && state.diagnosisId() != null;
    }

    /** The next call: a launch while no diagnosis runs ({@code diagnosisId} is {@code null}), else a fetch. */
    void next(String diagnosisId, JobStatus lastStatus) {
        // The platform's own name for the job: a watch started from an id alone (await) knows no better.
        JobRef named = lastStatus != null && lastStatus.job().id().equals(job.id()) ? lastStatus.job() : job;
        if (diagnosisId == null) {
            launch(named, lastStatus);
        } else {
            fetch(diagnosisId, named, lastStatus);
        }
    }

    private void launch(JobRef named, JobStatus lastStatus) {
        steps.call("launch diagnosis", () -> group.platform().launchDiagnosis(named), r -> {
            if (!r.ok()) {
                onFailure(r.error(), lastStatus);
                return;
            }
            String id = r.value().id();
            answers.launched().accept(id);
            steps.emit(new MonitorEvent.DiagnosisStarted(lastStatus, id));
            // Ask for the report at once: a platform that answers quickly (SenseCore's derived diagnosis, a fast
            // AIHC report) should not cost a whole poll interval; a "not ready" falls back to the poll.
            fetch(id, named, lastStatus);
        });
    }

    private void fetch(String id, JobRef named, JobStatus lastStatus) {
        if (resumed && !reattachAnnounced) {
            reattachAnnounced = true;
            steps.emit(new MonitorEvent.DiagnosisStarted(lastStatus, id));
        }
        DiagnosisHandle handle = new DiagnosisHandle(id, named);
        Instant now = steps.now();
        JobStatus pending = lastStatus != null ? lastStatus : JobStatus.unknown(job);
        steps.call(
                "fetch diagnosis",
                () -> {
                    TrainingPlatform platform = group.platform();
                    RawDiagnosis raw = DiagnosisWithInventory.read(platform, platform.fetchDiagnosis(handle));
                    // only once the report is ready: a "not ready" above costs no capture
                    return new Fetched(raw, snapshots.sinceLastStart(platform, pending, now));
                },
                r -> {
                    if (r.ok()) {
                        DiagnosisReport report = analyze(r.value().raw(), id);
                        answers.diagnosed()
                                .accept(r.value()
                                        .since()
                                        .map(report::withSinceLastStart)
                                        .orElse(report));
                    } else {
                        onFailure(r.error(), lastStatus);
                    }
                });
    }

    private DiagnosisReport analyze(RawDiagnosis raw, String id) {
        try {
            return settings.report(raw);
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "analysing the diagnosis of " + job.id() + " failed", e);
        }
        // The job is unschedulable whether or not we can explain it: say so rather than lose the outcome.
        return DiagnosisReport.unreadable(job, id, "could not be analysed");
    }

    private void onFailure(PlatformException e, JobStatus lastStatus) {
        if (e instanceof DiagnosisPreCheckException || e instanceof DiagnosisNotReadyException) {
            // AIHC refuses until the job has queued 5 minutes, and computes the report a while: both pass.
            String reason = e instanceof DiagnosisNotReadyException
                    ? "the report is not ready yet"
                    : "the platform refused to start it yet: " + e.getMessage();
            if (e.getClass() != lastWaitingKind) {
                lastWaitingKind = e.getClass();
                steps.emit(new MonitorEvent.DiagnosisWaiting(lastStatus, reason));
            }
            answers.notYet().run();
            return;
        }
        answers.failed().accept(e);
    }
}
