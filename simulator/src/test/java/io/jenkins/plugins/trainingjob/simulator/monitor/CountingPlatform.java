package io.jenkins.plugins.trainingjob.simulator.monitor;

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

/** A real client with a tally of the calls the monitor makes through it. */
final class CountingPlatform implements TrainingPlatform {
    final AtomicInteger statusCalls = new AtomicInteger();
    final AtomicInteger listCalls = new AtomicInteger();
    final AtomicInteger listRounds = new AtomicInteger();
    final AtomicInteger launchCalls = new AtomicInteger();
    final AtomicInteger fetchCalls = new AtomicInteger();
    final AtomicInteger cancelCalls = new AtomicInteger();
    private final TrainingPlatform client;

    CountingPlatform(TrainingPlatform client) {
        this.client = client;
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
        statusCalls.incrementAndGet();
        return client.status(job);
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
        return client.listStatuses(pageToken, pageSize);
    }

    @Override
    public void cancel(JobRef job) {
        cancelCalls.incrementAndGet();
        client.cancel(job);
    }

    @Override
    public List<JobEvent> events(JobRef job) {
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
}
