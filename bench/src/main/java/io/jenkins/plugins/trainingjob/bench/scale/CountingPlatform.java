package io.jenkins.plugins.trainingjob.bench.scale;

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
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the platform calls a watcher makes, by kind. Every counted call is one HTTP request on a healthy
 * loopback simulator (no retries happen there); the simulator itself has no request counters.
 */
final class CountingPlatform implements TrainingPlatform {
    private final TrainingPlatform delegate;
    final LongAdder statusCalls = new LongAdder();
    final LongAdder listCalls = new LongAdder();
    final LongAdder otherCalls = new LongAdder();
    final LongAdder statusNanos = new LongAdder();
    final LongAdder listNanos = new LongAdder();
    /** When each list call started ({@link System#nanoTime()}), to explain latencies in the log. */
    final java.util.concurrent.ConcurrentLinkedQueue<Long> listStarts = new java.util.concurrent.ConcurrentLinkedQueue<>();

    CountingPlatform(TrainingPlatform delegate) {
        this.delegate = delegate;
    }

    long total() {
        return statusCalls.sum() + listCalls.sum() + otherCalls.sum();
    }

    @Override
    public PlatformKind kind() {
        return delegate.kind();
    }

    @Override
    public ConnectionSettings settings() {
        return delegate.settings();
    }

    @Override
    public JobRef submit(JobSpec spec, String clientToken) {
        otherCalls.increment();
        return delegate.submit(spec, clientToken);
    }

    @Override
    public Optional<JobRef> findSubmitted(JobSpec spec, String clientToken) {
        otherCalls.increment();
        return delegate.findSubmitted(spec, clientToken);
    }

    @Override
    public JobStatus status(JobRef job) {
        statusCalls.increment();
        long t = System.nanoTime();
        try {
            return delegate.status(job);
        } finally {
            statusNanos.add(System.nanoTime() - t);
        }
    }

    @Override
    public StatusPage listStatuses(String pageToken, int pageSize) {
        listCalls.increment();
        long t = System.nanoTime();
        listStarts.add(t);
        try {
            return delegate.listStatuses(pageToken, pageSize);
        } finally {
            listNanos.add(System.nanoTime() - t);
        }
    }

    @Override
    public void cancel(JobRef job) {
        otherCalls.increment();
        delegate.cancel(job);
    }

    @Override
    public List<JobEvent> events(JobRef job) {
        otherCalls.increment();
        return delegate.events(job);
    }

    @Override
    public DiagnosisHandle launchDiagnosis(JobRef job) {
        otherCalls.increment();
        return delegate.launchDiagnosis(job);
    }

    @Override
    public RawDiagnosis fetchDiagnosis(DiagnosisHandle handle) {
        otherCalls.increment();
        return delegate.fetchDiagnosis(handle);
    }

    @Override
    public void close() {
        delegate.close();
    }
}
