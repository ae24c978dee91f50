package io.jenkins.plugins.trainingjob.core.snapshot;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What a job's start depended on, at one moment: what it asked for (the demand), where (platform, pool,
 * queue), the queue's limits and state, the queue's nodes one line each, the jobs ahead of it, how long it
 * waited, and when. Taken when a watched job starts (or at pre-flight, when it fits now) and kept by the
 * front end as the baseline of later runs; taken again for a pending job, it is today's evidence
 * ({@link SnapshotDiff} compares the two).
 *
 * <p>Bounded: only the queue's nodes, one short line each (about 60 bytes), at most
 * {@link #MAX_NODES}; the jobs ahead as a count, their GPUs and the first {@link #TOP_AHEAD} names; every
 * string at most {@link #MAX_TEXT} characters. A 5,000-node queue is a few hundred KB of JSON
 * ({@link StartSnapshotJson}, versioned: a later release reads every earlier form). Every string but {@code label} is remote data; the label is the front end's
 * ({@code build #41}). What could not be read is said in {@code notRead}, never taken as zero.
 *
 * @param label what the front end calls the run it was taken in ({@code build #41}), empty when none yet
 * @param moment when it was taken: the job had started, fit at pre-flight, or was pending
 * @param takenAt when it was taken (the platform's time where the caller has it)
 * @param startedAt when the job started ({@link Moment#STARTED}), else {@code null}
 * @param waitedSeconds how long the job waited from its creation to its start, or {@code null} when not
 *     known (or not started)
 * @param pool AIHC resource pool or SenseCore workspace: what the connection's calls are scoped to
 * @param queue AIHC queue or SenseCore pool
 * @param queueState the queue as the inventory described it, or {@code null} when it was not read
 * @param nodes the queue's nodes as the inventory listed them, sorted by name; empty when none were read
 * @param nodesComplete whether {@code nodes} is the queue's whole node list and may be trusted (the
 *     inventory's {@code nodesTrusted}); a node absent from an incomplete list proves nothing
 * @param jobsAhead the jobs ahead of it in the list, or {@code null} when they were not read
 * @param notRead what could not be read and why, in words ({@code inventory: not readable: ...})
 */
public record StartSnapshot(
        String label,
        Moment moment,
        Instant takenAt,
        Instant startedAt,
        Long waitedSeconds,
        PlatformKind platform,
        String pool,
        String queue,
        String jobId,
        String jobName,
        Demand demand,
        QueueState queueState,
        List<NodeLine> nodes,
        boolean nodesComplete,
        JobsAheadLine jobsAhead,
        List<String> notRead) {

    /** Nodes kept at most: the inventory's own bound. */
    static final int MAX_NODES = 20_000;

    /** Names of jobs ahead kept at most. */
    static final int TOP_AHEAD = 5;

    /** Longest string kept (a Kubernetes name has at most 253 characters); longer remote values are cut. */
    static final int MAX_TEXT = 512;

    /** When a snapshot was taken. */
    public enum Moment {
        /** The job had started: every pod had a node. */
        STARTED,
        /** Before the create call, when pre-flight found that the job fits now. */
        PREFLIGHT,
        /** The job was waiting: today's evidence for a comparison. */
        PENDING
    }

    public StartSnapshot {
        Objects.requireNonNull(moment, "moment");
        Objects.requireNonNull(takenAt, "takenAt");
        Objects.requireNonNull(platform, "platform");
        Objects.requireNonNull(demand, "demand");
        label = text(label);
        pool = text(pool);
        queue = text(queue);
        jobId = text(jobId);
        jobName = text(jobName);
        nodes = nodes == null ? List.of() : List.copyOf(nodes.size() > MAX_NODES ? nodes.subList(0, MAX_NODES) : nodes);
        notRead = notRead == null
                ? List.of()
                : List.copyOf(notRead.stream().map(StartSnapshot::text).toList());
    }

    /** This snapshot under the name the front end gives the run it was taken in ({@code build #41}). */
    public StartSnapshot withLabel(String newLabel) {
        return new StartSnapshot(
                newLabel,
                moment,
                takenAt,
                startedAt,
                waitedSeconds,
                platform,
                pool,
                queue,
                jobId,
                jobName,
                demand,
                queueState,
                nodes,
                nodesComplete,
                jobsAhead,
                notRead);
    }

    /** How long the job waited before it started, when known. */
    java.util.Optional<Duration> waited() {
        return waitedSeconds == null
                ? java.util.Optional.empty()
                : java.util.Optional.of(Duration.ofSeconds(waitedSeconds));
    }

    /**
     * What the job asked for, from its rendered spec ({@code JobDemand}): {@code pods} identical pods (AIHC
     * replicas, SenseCore workers), each asking {@code perPod} (base units: devices, cores, bytes). SenseCore
     * asks by spec name; its devices per worker are filled in from the pool's specs when they were read.
     *
     * @param specNames SenseCore resource spec names; empty for AIHC
     * @param quotaType SenseCore {@code RESERVED} or {@code SPOT}; empty for AIHC
     */
    public record Demand(String name, int pods, Map<String, Double> perPod, List<String> specNames, String quotaType) {
        public Demand {
            name = text(name);
            pods = Math.max(1, pods);
            perPod = Collections.unmodifiableMap(new TreeMap<>(perPod == null ? Map.of() : perPod));
            specNames = specNames == null
                    ? List.of()
                    : List.copyOf(specNames.stream().map(StartSnapshot::text).toList());
            quotaType = text(quotaType);
        }
    }

    /**
     * The queue as the inventory described it. Quantities stay the platform's strings; a resource a map
     * does not name is unlimited there. SenseCore's pool binding fills {@code capability} with its reserved
     * and spot devices.
     */
    public record QueueState(
            String name, String state, boolean closed, Map<String, String> capability, Map<String, String> allocated) {
        public QueueState {
            name = text(name);
            state = text(state);
            capability = textMap(capability);
            allocated = textMap(allocated);
        }
    }

    /**
     * One node of the queue: its name, whether a pod may be placed there, its accelerator and how many
     * devices it has, has free, and this job holds (its own pods, counted back as usable when comparing).
     *
     * @param state {@code ready}, {@code cordoned}, {@code tainted} or {@code notready} (an administrator's
     *     cordon or taint wins over the node's own condition)
     * @param total devices in all, {@code -1} when the inventory did not say
     * @param free devices free when it was taken, {@code -1} when not known
     * @param job devices this job's own pods held there
     */
    public record NodeLine(String name, String state, String device, long total, long free, long job) {

        public static final String READY = "ready";
        public static final String CORDONED = "cordoned";
        static final String TAINTED = "tainted";
        static final String NOT_READY = "notready";

        public NodeLine {
            name = text(name);
            state = text(state).isEmpty() ? READY : text(state);
            device = text(device);
            total = Math.max(-1, total);
            free = Math.max(-1, free);
            job = Math.max(0, job);
        }

        /** A pod may be placed here without anyone acting. */
        boolean usable() {
            return state.equals(READY);
        }

        /** Whether the device counts are known. */
        boolean counted() {
            return total >= 0 && free >= 0;
        }

        /** Devices this job could use here: the free ones and those its own pods held. */
        long available() {
            return counted() ? free + job : 0;
        }
    }

    /**
     * The jobs ahead in the list (created before it and still waiting, in queue order).
     *
     * @param gpus the GPUs they ask for in all, as the list shows them (0 where it does not)
     * @param top the first {@link #TOP_AHEAD} names, as the platform shows them
     */
    public record JobsAheadLine(int count, long gpus, List<String> top) {
        public JobsAheadLine {
            count = Math.max(0, count);
            gpus = Math.max(0, gpus);
            top = top == null
                    ? List.of()
                    : List.copyOf(top.stream()
                            .limit(TOP_AHEAD)
                            .map(StartSnapshot::text)
                            .toList());
        }
    }

    /**
     * A remote string, never null, bounded, and encodable: a lone surrogate (not text at all, and refused by
     * a UTF-8 file) becomes U+FFFD.
     */
    static String text(String s) {
        if (s == null) {
            return "";
        }
        int end = s.length();
        if (end > MAX_TEXT) {
            end = Character.isHighSurrogate(s.charAt(MAX_TEXT - 1)) ? MAX_TEXT - 1 : MAX_TEXT;
        }
        StringBuilder b = null;
        for (int i = 0; i < end; i++) {
            char c = s.charAt(i);
            boolean pair = Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(s.charAt(i + 1));
            if (pair) {
                if (b != null) {
                    b.append(c).append(s.charAt(i + 1));
                }
                i++;
            } else if (Character.isSurrogate(c)) {
                if (b == null) {
                    b = new StringBuilder(end).append(s, 0, i);
                }
                b.append('\uFFFD');
            } else if (b != null) {
                b.append(c);
            }
        }
        return b != null ? b.toString() : end == s.length() ? s : s.substring(0, end);
    }

    private static Map<String, String> textMap(Map<String, String> m) {
        TreeMap<String, String> out = new TreeMap<>();
        if (m != null) {
            m.forEach((k, v) -> out.put(text(k), text(v)));
        }
        return Collections.unmodifiableMap(out);
    }
}
