package io.jenkins.plugins.trainingjob;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.RawDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.StatusPage;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.spec.UncheckedSpecs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/** A platform in memory: remembers jobs by client token, so tests can count submits and stops. */
public class FakePlatform implements TrainingPlatform {
    public final List<String> submittedTokens = new ArrayList<>();
    public final List<JobRef> cancelled = new ArrayList<>();
    public final Map<String, JobRef> byToken = new ConcurrentHashMap<>();
    public volatile JobPhase phase = JobPhase.PENDING;
    public volatile int closed;
    /** What a diagnosis fetch answers; unset, a fetch fails. */
    public volatile Function<DiagnosisHandle, RawDiagnosis> diagnosis;
    public final List<DiagnosisHandle> fetchedDiagnoses = new CopyOnWriteArrayList<>();
    private final PlatformKind kind;
    private ConnectionSettings settings;

    public FakePlatform(PlatformKind kind) {
        this.kind = kind;
    }

    public FakePlatform connectedWith(ConnectionSettings settings) {
        this.settings = settings;
        return this;
    }

    /** A spec the fake accepts; the plugin never looks inside it. */
    public static JobSpec spec(PlatformKind kind, String name) {
        return UncheckedSpecs.of(kind, JsonNodeFactory.instance.objectNode().put("name", name));
    }

    public static JobStatus status(JobRef job, JobPhase phase) {
        return new JobStatus(job, phase, phase.name(), null, null, null, null, null, List.of(), null);
    }

    @Override
    public PlatformKind kind() {
        return kind;
    }

    @Override
    public ConnectionSettings settings() {
        return settings;
    }

    @Override
    public synchronized JobRef submit(JobSpec spec, String clientToken) {
        submittedTokens.add(clientToken);
        JobRef job = new JobRef(kind, "job-" + submittedTokens.size(), spec.name());
        byToken.put(clientToken, job);
        return job;
    }

    @Override
    public Optional<JobRef> findSubmitted(JobSpec spec, String clientToken) {
        return Optional.ofNullable(byToken.get(clientToken));
    }

    @Override
    public JobStatus status(JobRef job) {
        return status(job, phase);
    }

    @Override
    public StatusPage listStatuses(String pageToken, int pageSize) {
        return new StatusPage(List.copyOf(byToken.values()).stream().map(j -> status(j, phase)).toList(), null);
    }

    @Override
    public synchronized void cancel(JobRef job) {
        cancelled.add(job);
        phase = JobPhase.STOPPED;
    }

    @Override
    public List<JobEvent> events(JobRef job) {
        return List.of();
    }

    @Override
    public DiagnosisHandle launchDiagnosis(JobRef job) {
        throw new UnsupportedOperationException("not scripted");
    }

    @Override
    public RawDiagnosis fetchDiagnosis(DiagnosisHandle handle) {
        fetchedDiagnoses.add(handle);
        Function<DiagnosisHandle, RawDiagnosis> answer = diagnosis;
        if (answer == null) {
            throw new UnsupportedOperationException("not scripted");
        }
        return answer.apply(handle);
    }

    @Override
    public void close() {
        closed++;
    }
}
