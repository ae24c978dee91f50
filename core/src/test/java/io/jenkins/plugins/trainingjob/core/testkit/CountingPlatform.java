package io.jenkins.plugins.trainingjob.core.testkit;

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
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * A real client with a tally of the calls made through it, by kind, and the time status and list calls
 * took. On a healthy loopback simulator every counted call is one HTTP request (no retries happen
 * there), so tests and the benchmarks count requests with it; the simulator itself counts none.
 */
public final class CountingPlatform implements TrainingPlatform {
    public final AtomicInteger statusCalls = new AtomicInteger();
    public final AtomicInteger listCalls = new AtomicInteger();
    /** List calls that asked for a first page: one per round of listing. */
    public final AtomicInteger listRounds = new AtomicInteger();

    public final AtomicInteger launchCalls = new AtomicInteger();
    public final AtomicInteger fetchCalls = new AtomicInteger();
    public final AtomicInteger cancelCalls = new AtomicInteger();
    /** Submits, token look-ups and event reads. */
    public final AtomicInteger otherCalls = new AtomicInteger();

    public final LongAdder statusNanos = new LongAdder();
    public final LongAdder listNanos = new LongAdder();
    /** When each list call started ({@link System#nanoTime()}), to explain latencies in a log. */
    public final Queue<Long> listStarts = new ConcurrentLinkedQueue<>();

    private final TrainingPlatform client;

    public CountingPlatform(TrainingPlatform client) {
        this.client = client;
    }

    /** Every call counted so far (list rounds are not calls of their own). */
    public long total() {
        return (long) statusCalls.get()
                + listCalls.get()
                + launchCalls.get()
                + fetchCalls.get()
                + cancelCalls.get()
                + otherCalls.get();
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
        otherCalls.incrementAndGet();
        return client.submit(spec, clientToken);
    }

    @Override
    public Optional<JobRef> findSubmitted(JobSpec spec, String clientToken) {
        otherCalls.incrementAndGet();
        return client.findSubmitted(spec, clientToken);
    }

    @Override
    public JobStatus status(JobRef job) {
        statusCalls.incrementAndGet();
        return timed(statusNanos, () -> client.status(job));
    }

    @Override
    public boolean failureNeedsConfirmation(JobStatus status) {
        return client.failureNeedsConfirmation(status);
    }

    @Override
    public StatusPage listStatuses(String pageToken, int pageSize) {
        listCalls.incrementAndGet();
        if (pageToken == null) {
            listRounds.incrementAndGet();
        }
        listStarts.add(System.nanoTime());
        return timed(listNanos, () -> client.listStatuses(pageToken, pageSize));
    }

    @Override
    public void cancel(JobRef job) {
        cancelCalls.incrementAndGet();
        client.cancel(job);
    }

    @Override
    public List<JobEvent> events(JobRef job) {
        otherCalls.incrementAndGet();
        return client.events(job);
    }

    @Override
    public DiagnosisHandle launchDiagnosis(JobRef job) {
        launchCalls.incrementAndGet();
        return client.launchDiagnosis(job);
    }

    @Override
    public RawDiagnosis fetchDiagnosis(DiagnosisHandle handle) {
        fetchCalls.incrementAndGet();
        return client.fetchDiagnosis(handle);
    }

    @Override
    public void close() {
        client.close();
    }

    private static <T> T timed(LongAdder nanos, Supplier<T> call) {
        long start = System.nanoTime();
        try {
            return call.get();
        } finally {
            nanos.add(System.nanoTime() - start);
        }
    }
}
