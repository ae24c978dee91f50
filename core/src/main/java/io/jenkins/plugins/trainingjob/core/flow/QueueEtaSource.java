package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.JobDemand;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.eta.Capacity;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.eta.EtaEstimator;
import io.jenkins.plugins.trainingjob.core.eta.HistoryReader;
import io.jenkins.plugins.trainingjob.core.eta.PendingJob;
import io.jenkins.plugins.trainingjob.core.eta.QueueHistory;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The ETA of a fallback target, as a watch would estimate it once the job waits there: the target's queue
 * history (its connection's job list over the window) and its inventory (the nodes that can hold the job's
 * pods), read when the choice is made. Front ends pass it to {@link TargetChoice#choose}; the CLI and the
 * Jenkins step and builder use the same one, so they order targets alike.
 *
 * <p>Only a {@code FITS_LATER} target gets an estimate: one that fits now needs none, and one that never
 * fits, needs the administrator or could not be checked has no wait to predict. A thin history gives no
 * estimate rather than an invented one; such a target sorts after those with one (see {@link FallbackOrder}).
 * The read runs inside the pre-flight's bound ({@link TargetChoice}): a slow history costs the ETA, not the
 * verdict.
 */
final class QueueEtaSource implements TargetChoice.EtaSource {

    /** The id the estimate uses for the job not yet created: no listed job has it, so none is "itself". */
    static final String NOT_YET_CREATED = "(not yet created)";

    private final HistoryReader reader;
    private final Duration window;

    /** The default window (7 days) and page bounds. */
    public QueueEtaSource() {
        this(new HistoryReader(), QueueHistory.DEFAULT_WINDOW);
    }

    public QueueEtaSource(HistoryReader reader, Duration window) {
        this.reader = Objects.requireNonNull(reader, "reader");
        this.window = Objects.requireNonNull(window, "window");
    }

    @Override
    public Optional<Duration> p50(BoundTarget candidate, DiagnosisReport preflight, Instant now) {
        return estimate(candidate, preflight, now).filter(Eta::known).map(Eta::p50);
    }

    /**
     * The whole estimate (range and basis), for a front end that shows more than the median; empty when
     * the target is not {@code FITS_LATER} or its history could not be read.
     *
     * @param now the flow's time (the monitor's): the history window ends there, the job waits from there
     */
    public Optional<Eta> estimate(BoundTarget candidate, DiagnosisReport preflight, Instant now) {
        if (preflight == null || preflight.verdict() != Verdict.FITS_LATER) {
            return Optional.empty();
        }
        TrainingPlatform platform = candidate.platform();
        JobDemand demand = JobDemand.of(
                candidate.spec(),
                platform.settings() == null
                        ? null
                        : platform.settings().target().defaultQueue());
        int gpusPerPod = (int) Math.round(demand.accelerators().values().stream()
                .mapToDouble(Double::doubleValue)
                .sum());
        QueueHistory history;
        try {
            history = reader.read(platform, demand.queue(), window, now);
        } catch (PlatformException e) {
            // No history, no estimate: the target keeps its verdict and sorts with those without an ETA.
            return Optional.empty();
        }
        Capacity capacity;
        try {
            capacity = Capacity.of(platform.inventory(demand.queue()), gpusPerPod);
        } catch (PlatformException e) {
            capacity = Capacity.unknown(); // the estimator then reads capacity from the history's peak use
        }
        PendingJob job = new PendingJob(NOT_YET_CREATED, Math.max(1, demand.pods()), Math.max(0, gpusPerPod), now);
        return Optional.of(EtaEstimator.estimate(history, job, capacity, preflight.verdict(), now));
    }
}
