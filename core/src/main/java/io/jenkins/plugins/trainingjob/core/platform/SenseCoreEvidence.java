package io.jenkins.plugins.trainingjob.core.platform;

import java.time.Instant;
import java.util.List;
import java.util.function.Function;

/**
 * Everything SenseCore ACP exposes that explains a pending job (it has no diagnosis API): the job, its
 * workers, the resource specs of its pool, the workspace's pool bindings (reserved quota and spot
 * allowance), the other jobs of the workspace in the same pool, and events where the platform serves
 * them. Quantities are as the platform sends them, parsed; {@code -1} means "not reported".
 */
public record SenseCoreEvidence(
        JobRef job,
        JobStatus status,
        Request request,
        List<WorkerStatus> workers,
        List<ResourceSpec> specs,
        List<PoolBinding> bindings,
        List<OtherJob> otherJobs,
        List<JobEvent> events,
        boolean eventsAvailable)
        implements RawDiagnosis {

    public SenseCoreEvidence {
        workers = workers == null ? List.of() : List.copyOf(workers);
        specs = specs == null ? List.of() : List.copyOf(specs);
        bindings = bindings == null ? List.of() : List.copyOf(bindings);
        otherJobs = otherJobs == null ? List.of() : List.copyOf(otherJobs);
        events = events == null ? List.of() : List.copyOf(events);
    }

    @Override
    public <R> R match(
            Function<? super AihcScheduleDiagnosis, ? extends R> aihc,
            Function<? super SenseCoreEvidence, ? extends R> senseCore,
            Function<? super DiagnosisWithInventory, ? extends R> withInventory) {
        return senseCore.apply(this);
    }

    /**
     * What the job asks for: its pool, spec names, total workers, quota type ({@code RESERVED}/{@code SPOT})
     * and priority ({@code NORMAL}/{@code HIGH}/{@code HIGHEST}).
     */
    public record Request(
            String poolName, List<String> specNames, int totalReplicas, String quotaType, String priority) {
        public Request {
            specNames = specNames == null ? List.of() : List.copyOf(specNames);
        }
    }

    /** A resource spec of the pool: devices per worker and their resource key, vCPU, memory in GiB. */
    public record ResourceSpec(
            String name,
            int deviceNumber,
            String deviceResourceKey,
            double vcpu,
            double memoryGib,
            List<String> zones) {
        public ResourceSpec {
            zones = zones == null ? List.of() : List.copyOf(zones);
        }
    }

    /**
     * A pool bound to the workspace: its quota type ({@code ALL}, {@code RESERVED}, {@code ON_DEMAND},
     * {@code SPOT}), reserved GPUs, CPU and memory, and the spot device allowance (sum over
     * {@code spot_status[]}).
     */
    public record PoolBinding(
            String name,
            String state,
            String quotaType,
            int reservedDevices,
            double reservedCpu,
            double reservedMemoryGib,
            int spotDevices) {}

    /** Another job of the workspace in the same pool, with the devices it holds or asks for. */
    public record OtherJob(String name, String state, String priority, Instant createdAt, int devices) {}
}
