package io.jenkins.plugins.trainingjob.simulator.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A job as the simulator tracks it. Identity and spec are fixed at creation; the lifecycle fields change
 * under the {@link Cluster} lock only.
 *
 * @param spec the create body as received; read-only after creation
 * @param quotaOwner SenseCore: {@code workspace/pool} whose reserved quota the job counts against; AIHC: empty
 * @param devices accelerator count the job asks for in total (SenseCore quota accounting)
 */
public final class SimJob {
    private final PlatformKind platform;
    private final String id;
    private final String name;
    private final String uid;
    private final SchedulingQueue queue;
    private final int priority;
    private final String priorityLabel;
    private final Instant createdAt;
    private final long sequence;
    private final List<Pod> pods;
    private final Duration runTime;
    private final int exitCode;
    private final JsonNode spec;
    private final String quotaOwner;
    private final boolean spot;
    private final int devices;

    private JobState state = JobState.QUEUED;
    private Instant startedAt;
    private Instant finishedAt;
    private Instant stopDoneAt;
    /** When a stop request for this waiting job lands; the scheduler may start the job before then. */
    private Instant waitingStopAt;

    public SimJob(Builder b, long sequence, Instant createdAt) {
        this.platform = Objects.requireNonNull(b.platform, "platform");
        this.id = Objects.requireNonNull(b.id, "id");
        this.name = Objects.requireNonNull(b.name, "name");
        this.uid = b.uid == null ? "" : b.uid;
        this.queue = Objects.requireNonNull(b.queue, "queue");
        this.priority = b.priority;
        this.priorityLabel = b.priorityLabel == null ? "" : b.priorityLabel;
        this.pods = List.copyOf(b.pods);
        this.runTime = Objects.requireNonNull(b.runTime, "runTime");
        this.exitCode = b.exitCode;
        this.spec = b.spec;
        this.quotaOwner = b.quotaOwner == null ? "" : b.quotaOwner;
        this.spot = b.spot;
        this.devices = b.devices;
        this.sequence = sequence;
        this.createdAt = createdAt;
    }

    public PlatformKind platform() {
        return platform;
    }

    public String id() {
        return id;
    }

    public String name() {
        return name;
    }

    public SchedulingQueue queue() {
        return queue;
    }

    public int priority() {
        return priority;
    }

    public long sequence() {
        return sequence;
    }

    public Instant createdAt() {
        return createdAt;
    }

    public List<Pod> pods() {
        return pods;
    }

    public JobState state() {
        return state;
    }

    public String quotaOwner() {
        return quotaOwner;
    }

    public boolean spot() {
        return spot;
    }

    public int devices() {
        return devices;
    }

    Instant runEndsAt() {
        return state == JobState.RUNNING ? startedAt.plus(runTime) : null;
    }

    Instant stopDoneAt() {
        if (state == JobState.QUEUED) {
            return waitingStopAt;
        }
        return state == JobState.STOPPING ? stopDoneAt : null;
    }

    Resources totalRequest() {
        Resources r = Resources.NONE;
        for (Pod p : pods) {
            r = r.plus(p.request());
        }
        return r;
    }

    void start(Instant at) {
        waitingStopAt = null;
        state = JobState.RUNNING;
        startedAt = at;
    }

    void finish(Instant at) {
        state = exitCode == 0 ? JobState.SUCCEEDED : JobState.FAILED;
        finishedAt = at;
        for (Pod p : pods) {
            p.finish(exitCode == 0 ? "Succeeded" : "Failed");
        }
    }

    /**
     * A stop request for a waiting job that lands {@code latency} after {@code at}: if the job is still waiting
     * then, it stops; if the scheduler started it first, the request (for a waiting job) is void.
     */
    void requestWaitingStop(Instant at, Duration latency) {
        if (waitingStopAt == null) {
            waitingStopAt = at.plus(latency);
        }
    }

    void beginStop(Instant at, Duration stopTime) {
        state = JobState.STOPPING;
        stopDoneAt = at.plus(stopTime);
    }

    void stopped(Instant at) {
        state = JobState.STOPPED;
        finishedAt = at;
        for (Pod p : pods) {
            p.finish(p.nodeName().isEmpty() ? "Pending" : "Failed");
        }
    }

    JobView view(Integer queuePosition) {
        return new JobView(
                platform,
                id,
                name,
                uid,
                queue.name(),
                priorityLabel,
                state,
                createdAt,
                startedAt,
                finishedAt,
                queuePosition,
                pods.stream().map(Pod::view).toList(),
                exitCode,
                spec,
                quotaOwner,
                spot,
                devices);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects what an API knows about a job before the cluster assigns it a place in line. */
    public static final class Builder {
        private PlatformKind platform;
        private String id;
        private String name;
        private String uid;
        private SchedulingQueue queue;
        private int priority;
        private String priorityLabel;
        private List<Pod> pods = List.of();
        private Duration runTime;
        private int exitCode;
        private JsonNode spec;
        private String quotaOwner;
        private boolean spot;
        private int devices;

        public Builder platform(PlatformKind v) {
            platform = v;
            return this;
        }

        public Builder id(String v) {
            id = v;
            return this;
        }

        public Builder name(String v) {
            name = v;
            return this;
        }

        public Builder uid(String v) {
            uid = v;
            return this;
        }

        public Builder queue(SchedulingQueue v) {
            queue = v;
            return this;
        }

        public Builder priority(int rank, String label) {
            priority = rank;
            priorityLabel = label;
            return this;
        }

        public Builder pods(List<Pod> v) {
            pods = v;
            return this;
        }

        public Builder runTime(Duration v) {
            runTime = v;
            return this;
        }

        public Builder exitCode(int v) {
            exitCode = v;
            return this;
        }

        public Builder spec(JsonNode v) {
            spec = v;
            return this;
        }

        public Builder quota(String owner, boolean spotQuota, int deviceCount) {
            quotaOwner = owner;
            spot = spotQuota;
            devices = deviceCount;
            return this;
        }

        String name() {
            return name;
        }

        public String id() {
            return id;
        }
    }
}
