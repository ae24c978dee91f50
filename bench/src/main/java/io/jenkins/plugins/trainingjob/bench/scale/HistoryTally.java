package io.jenkins.plugins.trainingjob.bench.scale;

import io.jenkins.plugins.trainingjob.core.eta.HistoryReader;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.RawDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.StatusPage;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the job-list calls that read a queue's history, apart from the monitor's status refresh. Both go to
 * the same list endpoint with the same parameters, so neither the simulator nor the request path can tell
 * them apart; the caller can: a list call made from within {@link HistoryReader} is a history read. Walking
 * the stack costs microseconds and list calls are few per round, so the count does not move the figures.
 */
final class HistoryTally implements TrainingPlatform {
    /** History reads: history list calls that asked for a first page. */
    final AtomicInteger reads = new AtomicInteger();
    /** History list calls (pages), every page counted. */
    final AtomicInteger pages = new AtomicInteger();

    private static final StackWalker STACK = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private final TrainingPlatform client;

    HistoryTally(TrainingPlatform client) {
        this.client = client;
    }

    @Override
    public StatusPage listStatuses(String pageToken, int pageSize) {
        if (STACK.walk(frames -> frames.anyMatch(f -> f.getDeclaringClass() == HistoryReader.class))) {
            pages.incrementAndGet();
            if (pageToken == null) {
                reads.incrementAndGet();
            }
        }
        return client.listStatuses(pageToken, pageSize);
    }

    @Override
    public PlatformKind kind() {
        return client.kind();
    }

    @Override
    public ConnectionSettings settings() {
        return client.settings();
    }

    @Override
    public JobRef submit(JobSpec spec, String clientToken) {
        return client.submit(spec, clientToken);
    }

    @Override
    public Optional<JobRef> findSubmitted(JobSpec spec, String clientToken) {
        return client.findSubmitted(spec, clientToken);
    }

    @Override
    public JobStatus status(JobRef job) {
        return client.status(job);
    }

    @Override
    public boolean failureNeedsConfirmation(JobStatus status) {
        return client.failureNeedsConfirmation(status);
    }

    @Override
    public void cancel(JobRef job) {
        client.cancel(job);
    }

    @Override
    public List<JobEvent> events(JobRef job) {
        return client.events(job);
    }

    @Override
    public DiagnosisHandle launchDiagnosis(JobRef job) {
        return client.launchDiagnosis(job);
    }

    @Override
    public RawDiagnosis fetchDiagnosis(DiagnosisHandle handle) {
        return client.fetchDiagnosis(handle);
    }

    @Override
    public void close() {
        client.close();
    }
}
