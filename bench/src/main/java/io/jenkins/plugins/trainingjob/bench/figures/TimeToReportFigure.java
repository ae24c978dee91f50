package io.jenkins.plugins.trainingjob.bench.figures;

import io.jenkins.plugins.trainingjob.bench.scale.JobSubmitter;
import io.jenkins.plugins.trainingjob.bench.scale.Percentiles;
import io.jenkins.plugins.trainingjob.bench.scale.SimulatorAdmin;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorSettings;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.monitor.Watch;
import io.jenkins.plugins.trainingjob.core.monitor.WatchListener;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisNotReadyException;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisPreCheckException;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.RawDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.connect.TrainingPlatforms;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Figure 2, time to report: from the moment a job's pending timeout expires to the rendered text report,
 * with the simulator's diagnosis latency at zero, so the figure is the client's overhead alone. Jobs wait
 * one at a time on a cordoned cluster.
 */
public final class TimeToReportFigure {

    /** Both sides' measured delays, in milliseconds, one per sample. */
    public record Result(
            int samples,
            long pollMs,
            long pendingTimeoutMs,
            double monitorP50Ms,
            double monitorMaxMs,
            double baselineP50Ms,
            double baselineMaxMs,
            int monitorReports,
            int baselineReports) {}

    private final URI endpoint;
    private final Duration poll;
    private final Duration pendingTimeout;
    private final int samples;

    public TimeToReportFigure(URI endpoint, Duration poll, Duration pendingTimeout, int samples) {
        this.endpoint = endpoint;
        this.poll = poll;
        this.pendingTimeout = pendingTimeout;
        this.samples = samples;
    }

    public Result run() throws Exception {
        new SimulatorAdmin(endpoint).reset();
        try (TrainingPlatform platform = TrainingPlatforms.connect(ConnectionSettings.aihc(
                endpoint, null, Credentials.of("sim-access-key", "sim-secret-key"), "cce-bench", "default"))) {
            List<JobRef> jobs = JobSubmitter.submit(platform, "bench-report", 2 * samples);
            double[] ours = monitor(platform, jobs.subList(0, samples));
            double[] theirs = baseline(platform, jobs.subList(samples, 2 * samples));
            return new Result(
                    samples,
                    poll.toMillis(),
                    pendingTimeout.toMillis(),
                    Percentiles.of(ours, 50),
                    Percentiles.of(ours, 100),
                    Percentiles.of(theirs, 50),
                    Percentiles.of(theirs, 100),
                    (int) java.util.Arrays.stream(ours)
                            .filter(d -> !Double.isNaN(d))
                            .count(),
                    (int) java.util.Arrays.stream(theirs)
                            .filter(d -> !Double.isNaN(d))
                            .count());
        }
    }

    /** Ours: the monitor diagnoses at the pending timeout, analyses, and we render the text report. */
    private double[] monitor(TrainingPlatform platform, List<JobRef> jobs) throws Exception {
        double[] delays = new double[jobs.size()];
        WatchPolicy policy = WatchPolicy.defaults(WaitTarget.SCHEDULED)
                .withPolling(poll, poll)
                .withPendingTimeout(pendingTimeout)
                .withDiagnosisTimeout(Duration.ofSeconds(60));
        try (JobMonitor monitor = new JobMonitor(id -> platform, TimeSource.system(), MonitorSettings.defaults())) {
            for (int i = 0; i < jobs.size(); i++) {
                Watch watch = monitor.watch("bench", jobs.get(i), policy, WatchListener.NONE);
                Instant expired = watch.state().pendingDeadline();
                CompletableFuture<Double> delay = watch.outcome().thenApply(o -> {
                    if (!(o instanceof Outcome.Unschedulable u) || u.report() == null) {
                        return Double.NaN;
                    }
                    String text = ReportFormat.TEXT.render(u.report());
                    return text.isEmpty()
                            ? Double.NaN
                            : Duration.between(expired, Instant.now()).toNanos() / 1e6;
                });
                delays[i] = delay.get(pendingTimeout.plus(poll.multipliedBy(20)).toMillis(), TimeUnit.MILLISECONDS);
            }
        }
        return delays;
    }

    /**
     * The baseline: a script that polls {@code GET job}, and once the timeout has passed launches the
     * diagnosis and fetches it at once, then every poll interval until ready. It prints the raw JSON; no
     * analysis, no rendering. Its sleeps end exactly at the deadline (kind to the baseline).
     */
    private double[] baseline(TrainingPlatform platform, List<JobRef> jobs) throws InterruptedException {
        double[] delays = new double[jobs.size()];
        for (int i = 0; i < jobs.size(); i++) {
            JobRef job = jobs.get(i);
            Instant expired = Instant.now().plus(pendingTimeout);
            delays[i] = Double.NaN;
            for (int round = 0; round < 100; round++) {
                if (platform.status(job).phase() != JobPhase.PENDING) {
                    break;
                }
                long untilDeadline = Duration.between(Instant.now(), expired).toMillis();
                if (untilDeadline > 0) {
                    Thread.sleep(Math.min(poll.toMillis(), untilDeadline));
                    continue;
                }
                RawDiagnosis raw = diagnose(platform, job);
                if (raw != null && !raw.toString().isEmpty()) {
                    delays[i] = Duration.between(expired, Instant.now()).toNanos() / 1e6;
                }
                break;
            }
        }
        return delays;
    }

    private RawDiagnosis diagnose(TrainingPlatform platform, JobRef job) throws InterruptedException {
        DiagnosisHandle handle = null;
        for (int attempt = 0; attempt < 30; attempt++) {
            try {
                if (handle == null) {
                    handle = platform.launchDiagnosis(job);
                }
                return platform.fetchDiagnosis(handle);
            } catch (DiagnosisNotReadyException | DiagnosisPreCheckException e) {
                Thread.sleep(poll.toMillis());
            }
        }
        return null;
    }
}
