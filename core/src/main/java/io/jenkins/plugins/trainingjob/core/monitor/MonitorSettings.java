package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisAnalyzer;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisWithInventory;
import io.jenkins.plugins.trainingjob.core.platform.RawDiagnosis;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;

/**
 * How a {@link JobMonitor} spends threads and API calls; the same for every watch it runs (what to wait
 * for is a {@link WatchPolicy}, per watch).
 *
 * @param callThreads threads making platform calls (the calls are blocking); the scheduler is one more
 * @param listThreshold from how many watches on one connection the monitor reads the platform's job
 *     list (pages of {@code listPageSize}) instead of one status call per job
 * @param listPageSize jobs per list page
 * @param maxListPages list pages read per round at most; jobs not found in them get a status call
 * @param retryLimit how long a watch keeps retrying calls that fail in a way that may pass (HTTP 5xx,
 *     timeouts, rate limits) before it ends with {@link Outcome.PlatformError}
 * @param retryInitial the first retry delay; it doubles up to {@code retryMax} (a server's
 *     {@code Retry-After} wins when longer)
 * @param retryMax the retry delay's cap
 * @param jitter the fraction (0 to 0.5) by which poll and retry delays are randomly stretched or
 *     shortened, so that many watches do not poll in lock-step
 * @param stopConfirmTimeout after a cancel that stops the remote job, how long to poll for the job to
 *     reach a terminal state
 * @param stopConfirmInterval the poll interval of that confirmation
 * @param analyzer turns a platform's raw diagnosis into the report of {@link Outcome.Unschedulable}
 */
public record MonitorSettings(
        int callThreads,
        int listThreshold,
        int listPageSize,
        int maxListPages,
        Duration retryLimit,
        Duration retryInitial,
        Duration retryMax,
        double jitter,
        Duration stopConfirmTimeout,
        Duration stopConfirmInterval,
        Function<RawDiagnosis, DiagnosisReport> analyzer) {

    /** The analyzer of every report unless settings say otherwise; pure and thread-safe, so one serves all. */
    static final DiagnosisAnalyzer STANDARD_ANALYZER = new DiagnosisAnalyzer();

    public MonitorSettings {
        requireRange("callThreads", callThreads, 1, 64);
        requireRange("listThreshold", listThreshold, 1, Integer.MAX_VALUE);
        requireRange("listPageSize", listPageSize, 1, 1000);
        requireRange("maxListPages", maxListPages, 1, 1000);
        requirePositive("retryLimit", retryLimit);
        requirePositive("retryInitial", retryInitial);
        requirePositive("retryMax", retryMax);
        requirePositive("stopConfirmTimeout", stopConfirmTimeout);
        requirePositive("stopConfirmInterval", stopConfirmInterval);
        if (retryMax.compareTo(retryInitial) < 0) {
            throw new IllegalArgumentException(
                    "retryMax (" + retryMax + ") is shorter than retryInitial (" + retryInitial + ")");
        }
        if (!(jitter >= 0 && jitter <= 0.5)) {
            throw new IllegalArgumentException("jitter must be between 0 and 0.5, was " + jitter);
        }
        Objects.requireNonNull(analyzer, "analyzer");
    }

    /** Four call threads, list reading from three watches per connection, five minutes of retries. */
    public static MonitorSettings defaults() {
        return new MonitorSettings(
                4,
                3,
                100,
                10,
                Duration.ofMinutes(5),
                Duration.ofSeconds(1),
                Duration.ofSeconds(60),
                0.2,
                Duration.ofMinutes(2),
                Duration.ofSeconds(5),
                STANDARD_ANALYZER::analyze);
    }

    /** The report of a diagnosis the monitor fetched, by {@link #analyzer} (see {@link #report(Function, RawDiagnosis)}). */
    DiagnosisReport report(RawDiagnosis raw) {
        return report(analyzer, raw);
    }

    /**
     * The report of a fetched diagnosis: {@code analyzer} sees the platform's own answer, and the inventory
     * read beside it is joined afterwards, so an analyzer of one platform's answers needs no more.
     *
     * @throws IllegalStateException when the analyzer gave no report
     */
    static DiagnosisReport report(Function<RawDiagnosis, DiagnosisReport> analyzer, RawDiagnosis raw) {
        RawDiagnosis own = raw instanceof DiagnosisWithInventory w ? w.diagnosis() : raw;
        DiagnosisReport report = analyzer.apply(own);
        if (report == null) {
            throw new IllegalStateException(
                    "the analyzer gave no report for diagnosis of " + raw.job().id());
        }
        return STANDARD_ANALYZER.join(report, raw);
    }

    public MonitorSettings withCallThreads(int threads) {
        return new MonitorSettings(
                threads,
                listThreshold,
                listPageSize,
                maxListPages,
                retryLimit,
                retryInitial,
                retryMax,
                jitter,
                stopConfirmTimeout,
                stopConfirmInterval,
                analyzer);
    }

    public MonitorSettings withListing(int threshold, int pageSize, int maxPages) {
        return new MonitorSettings(
                callThreads,
                threshold,
                pageSize,
                maxPages,
                retryLimit,
                retryInitial,
                retryMax,
                jitter,
                stopConfirmTimeout,
                stopConfirmInterval,
                analyzer);
    }

    public MonitorSettings withRetries(Duration limit, Duration initial, Duration max) {
        return new MonitorSettings(
                callThreads,
                listThreshold,
                listPageSize,
                maxListPages,
                limit,
                initial,
                max,
                jitter,
                stopConfirmTimeout,
                stopConfirmInterval,
                analyzer);
    }

    public MonitorSettings withJitter(double fraction) {
        return new MonitorSettings(
                callThreads,
                listThreshold,
                listPageSize,
                maxListPages,
                retryLimit,
                retryInitial,
                retryMax,
                fraction,
                stopConfirmTimeout,
                stopConfirmInterval,
                analyzer);
    }

    public MonitorSettings withStopConfirmation(Duration timeout, Duration interval) {
        return new MonitorSettings(
                callThreads,
                listThreshold,
                listPageSize,
                maxListPages,
                retryLimit,
                retryInitial,
                retryMax,
                jitter,
                timeout,
                interval,
                analyzer);
    }

    MonitorSettings withAnalyzer(Function<RawDiagnosis, DiagnosisReport> analyzer) {
        return new MonitorSettings(
                callThreads,
                listThreshold,
                listPageSize,
                maxListPages,
                retryLimit,
                retryInitial,
                retryMax,
                jitter,
                stopConfirmTimeout,
                stopConfirmInterval,
                analyzer);
    }

    private static void requireRange(String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " must be between " + min + " and " + max + ", was " + value);
        }
    }

    private static void requirePositive(String name, Duration d) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive, was " + d);
        }
    }
}
