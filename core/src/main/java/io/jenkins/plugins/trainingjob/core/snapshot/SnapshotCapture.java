package io.jenkins.plugins.trainingjob.core.snapshot;

import io.jenkins.plugins.trainingjob.core.diagnosis.JobDemand;
import io.jenkins.plugins.trainingjob.core.eta.JobsAhead;
import io.jenkins.plugins.trainingjob.core.platform.InventoryNode;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.NodeIntervention;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.platform.QueueCapacity;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence;
import io.jenkins.plugins.trainingjob.core.platform.SenseCorePoolEvidence;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.Demand;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.JobsAheadLine;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.Moment;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.NodeLine;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.QueueState;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Takes a {@link StartSnapshot} from what core already reads: the job's demand from its rendered spec, the
 * pool's inventory (the queue and its nodes) and the jobs ahead in the list. {@link #capture} makes the
 * platform calls and blocks (run it on the monitor's call pool, never on its scheduler thread);
 * {@link #of} builds the snapshot from evidence the caller already holds, without a call.
 *
 * <p>A snapshot never fails its caller: a read that fails is recorded in {@code notRead} with its reason,
 * and the comparison then says that part was not compared.
 */
public final class SnapshotCapture {

    private SnapshotCapture() {}

    /**
     * The snapshot of {@code spec}'s job now. Calls, in order: {@link TrainingPlatform#inventory} for the
     * spec's queue (AIHC clients share one read per poll round, so right after a pre-flight or a diagnosis
     * it costs nothing; a started job's is read again, {@link TrainingPlatform#inventoryNow}, since the round's
     * read may predate its pods), then, when the job exists, {@link TrainingPlatform#listStatuses} pages until the
     * list reaches past the job's creation ({@link JobsAhead}; at pre-flight, with no job yet, every waiting
     * job of the list is ahead).
     *
     * @param status the job's status: started ({@link Moment#STARTED}, the baseline of later runs), pending
     *     ({@link Moment#PENDING}, today's evidence), or {@code null} at pre-flight before the create call
     *     ({@link Moment#PREFLIGHT})
     * @param now when it is taken: the monitor's clock, or the platform's time where the caller has it
     */
    public static StartSnapshot capture(TrainingPlatform platform, JobSpec spec, JobStatus status, Instant now) {
        Objects.requireNonNull(platform, "platform");
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(now, "now");
        JobDemand demand = JobDemand.of(
                spec,
                platform.settings() == null
                        ? null
                        : platform.settings().target().defaultQueue());
        String pool =
                platform.settings() == null ? "" : platform.settings().target().scope();
        List<String> notRead = new ArrayList<>();
        PoolInventory inventory = null;
        try {
            // a started job's pods are on their nodes now; the poll round's read may predate them
            inventory = moment(status) == Moment.STARTED
                    ? platform.inventoryNow(demand.queue())
                    : platform.inventory(demand.queue());
        } catch (PlatformException e) {
            notRead.add("inventory: " + ConsoleText.strip(e.getMessage()));
        }
        List<JobStatus> ahead = null;
        if (status != null && status.createdAt() == null) {
            // the list orders jobs by creation: without the job's own, who is ahead is not known
            notRead.add("jobs ahead: the platform did not say when the job was created");
        } else {
            try {
                ahead = JobsAhead.of(platform, status != null ? status : notYetCreated(platform, now));
            } catch (PlatformException e) {
                notRead.add("jobs ahead: " + ConsoleText.strip(e.getMessage()));
            }
        }
        return of(demand, pool, status, inventory, ahead, notRead, now);
    }

    /**
     * The snapshot from evidence in hand, without a platform call.
     *
     * @param pool the connection's scope (AIHC resource pool, SenseCore workspace); the inventory's pool id
     *     is taken when this is empty
     * @param status as for {@link #capture}; {@code null} at pre-flight
     * @param inventory the pool's inventory for the demand's queue, or {@code null} when it was not read
     * @param ahead the jobs ahead ({@link JobsAhead#of}), or {@code null} when they were not read
     * @param notRead what could not be read and why, for the comparison to say
     */
    public static StartSnapshot of(
            JobDemand demand,
            String pool,
            JobStatus status,
            PoolInventory inventory,
            List<JobStatus> ahead,
            List<String> notRead,
            Instant now) {
        Objects.requireNonNull(demand, "demand");
        Objects.requireNonNull(now, "now");
        List<String> missing = new ArrayList<>(notRead == null ? List.of() : notRead);
        if (inventory == null && missing.stream().noneMatch(n -> n.startsWith("inventory"))) {
            missing.add("inventory: not read");
        }
        if (ahead == null && missing.stream().noneMatch(n -> n.startsWith("jobs ahead"))) {
            missing.add("jobs ahead: not read");
        }
        Moment moment = moment(status);
        if (moment == Moment.STARTED
                && inventory != null
                && status.workers().stream().noneMatch(WorkerStatus::isPlaced)) {
            // its GPUs then read as others' work, and a later comparison would undercount what it had
            missing.add("the job's own pods: the status named none of their nodes, so their GPUs count as held");
        }
        Instant startedAt = null;
        Long waited = null;
        if (moment == Moment.STARTED) {
            startedAt = status.startedAt() != null ? status.startedAt() : now;
            if (status.createdAt() != null && status.startedAt() != null) {
                waited = Math.max(
                        0,
                        Duration.between(status.createdAt(), status.startedAt()).toSeconds());
            }
        }
        Demand d = demand(demand, inventory);
        String where = pool == null || pool.isBlank() ? (inventory == null ? "" : inventory.poolId()) : pool;
        JobRef job = status == null ? null : status.job();
        return new StartSnapshot(
                "",
                moment,
                now,
                startedAt,
                waited,
                demand.platform(),
                where,
                demand.queue(),
                job == null ? "" : job.id(),
                job == null ? demand.name() : job.name(),
                d,
                inventory == null ? null : queueState(demand, inventory),
                inventory == null ? List.of() : nodes(inventory, status, d),
                inventory != null && inventory.nodesTrusted(),
                ahead == null ? null : jobsAhead(ahead),
                missing);
    }

    private static Moment moment(JobStatus status) {
        if (status == null) {
            return Moment.PREFLIGHT;
        }
        boolean started =
                status.startedAt() != null || status.phase().isScheduled() && status.phase() != JobPhase.UNKNOWN;
        return started ? Moment.STARTED : Moment.PENDING;
    }

    /** A stand-in for a job not created yet: every waiting job of the list was created before it. */
    private static JobStatus notYetCreated(TrainingPlatform platform, Instant now) {
        return new JobStatus(
                new JobRef(platform.kind(), "(not yet created)", null),
                JobPhase.PENDING,
                "",
                now,
                null,
                null,
                null,
                "",
                List.of(),
                null);
    }

    /** The demand; SenseCore's devices per worker come from the pool's specs (the largest candidate). */
    private static Demand demand(JobDemand demand, PoolInventory inventory) {
        Map<String, Double> perPod = new TreeMap<>(demand.perPod());
        if (perPod.isEmpty() && inventory != null && !demand.specNames().isEmpty()) {
            SenseCoreEvidence.ResourceSpec largest = null;
            for (SenseCoreEvidence.ResourceSpec s :
                    SenseCorePoolEvidence.of(inventory).specs()) {
                if (demand.specNames().contains(s.name())
                        && (largest == null || s.deviceNumber() > largest.deviceNumber())) {
                    largest = s;
                }
            }
            if (largest != null && largest.deviceNumber() > 0 && largest.deviceResourceKey() != null) {
                perPod.put(largest.deviceResourceKey(), (double) largest.deviceNumber());
            }
        }
        return new Demand(demand.name(), demand.pods(), perPod, demand.specNames(), demand.quotaType());
    }

    /** The queue (AIHC), or the workspace's binding of the pool (SenseCore: reserved and spot devices). */
    private static QueueState queueState(JobDemand demand, PoolInventory inventory) {
        QueueCapacity q = inventory.queue();
        if (q != null) {
            return new QueueState(q.name(), q.state(), q.closed(), q.capability(), q.allocated());
        }
        for (SenseCoreEvidence.PoolBinding b :
                SenseCorePoolEvidence.of(inventory).bindings()) {
            if (b.name() != null && b.name().equals(demand.queue())) {
                Map<String, String> capability = new LinkedHashMap<>();
                capability.put("reserved devices", Integer.toString(b.reservedDevices()));
                if (b.spotDevices() >= 0) {
                    capability.put("spot devices", Integer.toString(b.spotDevices()));
                }
                String state = b.state() == null ? "" : b.state();
                String quota = b.quotaType() == null || b.quotaType().isEmpty() ? "" : " (" + b.quotaType() + ")";
                return new QueueState(b.name(), state + quota, false, capability, Map.of());
            }
        }
        return null;
    }

    /** The queue's nodes, one line each, with the devices this job's own pods hold on them. */
    private static List<NodeLine> nodes(PoolInventory inventory, JobStatus status, Demand demand) {
        Map<String, Integer> podsOn = new HashMap<>();
        if (status != null) {
            status.workers().forEach(w -> {
                if (w.isPlaced()) {
                    podsOn.merge(w.nodeName(), 1, Integer::sum);
                }
            });
        }
        List<NodeLine> lines = new ArrayList<>();
        for (InventoryNode n : inventory.queueNodes()) {
            Double perPod = demand.perPod().get(n.gpuResource());
            long own = perPod == null ? 0 : Math.round(podsOn.getOrDefault(n.name(), 0) * perPod);
            long total = n.gpuKnown() ? n.gpuTotal() : -1;
            long free = n.gpuKnown() ? n.gpuFree() : -1;
            // never more than the node shows held: a pod that ended (or was not placed yet) when the pool was
            // read has its GPUs among the free ones, and counted twice they would be usable twice
            long held = total < 0 ? 0 : Math.max(0, total - Math.max(0, free));
            lines.add(new NodeLine(n.name(), state(n), n.gpuResource(), total, free, Math.min(own, held)));
        }
        lines.sort(Comparator.comparing(NodeLine::name));
        return lines;
    }

    private static String state(InventoryNode n) {
        if (n.intervention() == NodeIntervention.CORDONED) {
            return NodeLine.CORDONED;
        }
        if (n.intervention() == NodeIntervention.TAINTED) {
            return NodeLine.TAINTED;
        }
        return n.notReady() ? NodeLine.NOT_READY : NodeLine.READY;
    }

    private static JobsAheadLine jobsAhead(List<JobStatus> ahead) {
        long gpus = 0;
        List<String> top = new ArrayList<>();
        for (JobStatus s : ahead) {
            gpus += s.gpus();
            if (top.size() < StartSnapshot.TOP_AHEAD) {
                top.add(s.job().name());
            }
        }
        return new JobsAheadLine(ahead.size(), gpus, top);
    }
}
