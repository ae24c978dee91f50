package io.jenkins.plugins.trainingjob.simulator.cluster;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The cluster model and its scheduler. Every public method takes the one monitor of this object, first
 * brings the model up to the current simulated time (jobs finish, SUSPENDING jobs become SUSPENDED,
 * freed capacity is handed to waiting jobs) and returns immutable snapshots, so callers serialise
 * without holding the lock.
 *
 * <p>Scheduling: waiting jobs are tried in order of priority, then age. A job starts when its queue's
 * capability allows its whole request and every pod finds a node (gang: all or none). Pods take the
 * first node, by name, that passes {@link NodeFilters}. A job that does not fit does not block smaller
 * ones behind it (backfill), so one impossible job cannot stall a demo.
 */
public final class Cluster {
    private static final Comparator<SimJob> SCHEDULING_ORDER =
            Comparator.comparingInt(SimJob::priority).reversed().thenComparingLong(SimJob::sequence);

    private final SimClock clock;
    private final Supplier<List<Node>> nodeFactory;
    private final Map<String, SchedulingQueue> queues;
    private final long seed;
    private final Map<String, Node> nodes = new TreeMap<>();
    private final Map<String, SimJob> jobs = new LinkedHashMap<>();
    private Random random;
    private long sequence;
    private Instant nextEventAt;
    private boolean needsScheduling;

    public Cluster(SimClock clock, Supplier<List<Node>> nodeFactory, List<SchedulingQueue> queues, long seed) {
        this.clock = clock;
        this.nodeFactory = nodeFactory;
        Map<String, SchedulingQueue> q = new LinkedHashMap<>();
        for (SchedulingQueue queue : queues) {
            q.put(queue.key(), queue);
        }
        this.queues = Map.copyOf(q);
        this.seed = seed;
        resetState();
    }

    public SimClock clock() {
        return clock;
    }

    public Optional<SchedulingQueue> queue(String key) {
        return Optional.ofNullable(queues.get(key));
    }

    /** Forgets every job and restores the nodes as the scenario declares them. */
    public synchronized void reset() {
        resetState();
    }

    private void resetState() {
        nodes.clear();
        for (Node n : nodeFactory.get()) {
            nodes.put(n.name(), n);
        }
        jobs.clear();
        random = new Random(seed);
        sequence = 0;
        nextEventAt = null;
        needsScheduling = false;
    }

    /** A random UUID from the scenario's seed: the same calls in the same order give the same ids. */
    public synchronized UUID nextUuid() {
        byte[] b = new byte[16];
        random.nextBytes(b);
        b[6] = (byte) ((b[6] & 0x0f) | 0x40);
        b[8] = (byte) ((b[8] & 0x3f) | 0x80);
        long hi = 0;
        long lo = 0;
        for (int i = 0; i < 8; i++) {
            hi = (hi << 8) | (b[i] & 0xff);
            lo = (lo << 8) | (b[i + 8] & 0xff);
        }
        return new UUID(hi, lo);
    }

    public synchronized Instant now() {
        sync();
        return clock.now();
    }

    /** Moves simulated time forward and lets everything due in between happen, in order. */
    public synchronized Instant advance(Duration d) {
        clock.advance(d);
        sync();
        return clock.now();
    }

    public synchronized JobView submit(SimJob.Builder b) {
        sync();
        return admit(b);
    }

    /**
     * Submits a job that counts against a reserved quota: refused when the devices held by the owner's
     * running (or still suspending) non-spot jobs plus this job's would exceed {@code reservedDevices}.
     * Waiting jobs hold nothing, as on SenseCore, so a job too big for the free nodes is admitted and waits.
     */
    public synchronized JobView submitWithinQuota(SimJob.Builder b, String owner, int devices, int reservedDevices) {
        sync();
        int inUse = 0;
        for (SimJob j : jobs.values()) {
            if (j.quotaOwner().equals(owner) && !j.spot()
                    && (j.state() == JobState.RUNNING || j.state() == JobState.STOPPING)) {
                inUse += j.devices();
            }
        }
        if (inUse + devices > reservedDevices) {
            throw new QuotaRefusedException("the job needs " + devices + " devices; running jobs of "
                    + owner + " already hold " + inUse + " of the reserved " + reservedDevices);
        }
        return admit(b);
    }

    private JobView admit(SimJob.Builder b) {
        if (jobs.containsKey(b.id())) {
            throw new IllegalStateException("job " + b.id() + " already exists");
        }
        SimJob job = new SimJob(b, ++sequence, clock.now());
        jobs.put(job.id(), job);
        needsScheduling = true;
        sync();
        return view(job);
    }

    public synchronized boolean exists(String id) {
        return jobs.containsKey(id);
    }

    public synchronized Optional<JobView> job(String id) {
        sync();
        SimJob j = jobs.get(id);
        return j == null ? Optional.empty() : Optional.of(view(j));
    }

    /** Snapshots of the jobs that match, oldest first. */
    public synchronized List<JobView> jobs(Predicate<SimJob> filter) {
        sync();
        // Queue positions for every waiting job at once: asking view(j) per job would rescan all jobs for
        // each, and list pages of thousands of waiting jobs would cost seconds.
        Map<SimJob, Integer> positions = queuePositions();
        List<JobView> out = new ArrayList<>();
        for (SimJob j : jobs.values()) {
            if (filter.test(j)) {
                out.add(j.view(positions.get(j)));
            }
        }
        return out;
    }

    private Map<SimJob, Integer> queuePositions() {
        Map<Object, List<SimJob>> byQueue = new HashMap<>();
        for (SimJob j : jobs.values()) {
            if (j.state() == JobState.QUEUED) {
                byQueue.computeIfAbsent(j.queue().key(), k -> new ArrayList<>()).add(j);
            }
        }
        Map<SimJob, Integer> positions = new IdentityHashMap<>();
        for (List<SimJob> waiting : byQueue.values()) {
            waiting.sort(SCHEDULING_ORDER);
            for (int i = 0; i < waiting.size(); i++) {
                positions.put(waiting.get(i), i + 1);
            }
        }
        return positions;
    }

    /**
     * Stops a job: waiting jobs stop at once; running ones release their nodes after {@code stopTime}.
     * Stopping a finished or stopping job changes nothing.
     */
    public synchronized Optional<JobView> stop(String id, Duration stopTime) {
        sync();
        SimJob j = jobs.get(id);
        if (j == null) {
            return Optional.empty();
        }
        if (j.state() == JobState.QUEUED || j.state() == JobState.RUNNING) {
            j.beginStop(clock.now(), stopTime);
            needsScheduling = true;
            sync();
        }
        return Optional.of(view(j));
    }

    public synchronized Optional<JobView> delete(String id) {
        sync();
        SimJob j = jobs.remove(id);
        if (j == null) {
            return Optional.empty();
        }
        releaseNodes(j);
        needsScheduling = true;
        sync();
        return Optional.of(j.view(null));
    }

    /** Why the job is waiting, or empty when there is no such job or it is not waiting. */
    public synchronized Optional<PendingAnalysis> analyse(String id) {
        sync();
        SimJob j = jobs.get(id);
        if (j == null || j.state() != JobState.QUEUED) {
            return Optional.empty();
        }
        SchedulingQueue q = j.queue();
        List<QueueShortage> queueShortages = queueShortages(j);
        Map<String, Resources> scratch = freeByNode(q);
        List<PodVerdict> verdicts = new ArrayList<>();
        for (Pod pod : j.pods()) {
            String chosen = null;
            List<PodVerdict> refusals = new ArrayList<>();
            for (String nodeName : q.nodes()) {
                Node node = nodes.get(nodeName);
                if (node == null) {
                    continue;
                }
                FilterOutcome o = NodeFilters.check(node, scratch.get(nodeName), pod.request(), pod.nodeSelector());
                if (o.fits()) {
                    chosen = nodeName;
                    break;
                }
                refusals.add(new PodVerdict(pod.name(), nodeName, o));
            }
            if (chosen == null) {
                verdicts.addAll(refusals);
            } else {
                scratch.put(chosen, scratch.get(chosen).minus(pod.request()));
            }
        }
        int considered = (int) q.nodes().stream().filter(nodes::containsKey).count();
        return Optional.of(new PendingAnalysis(view(j), queueShortages, verdicts, considered));
    }

    public synchronized List<Node.NodeView> nodes() {
        sync();
        return nodes.values().stream().map(Node::view).toList();
    }

    public synchronized Node.NodeView changeNode(String name, NodeChange change) {
        sync();
        Node n = nodes.get(name);
        if (n == null) {
            throw new NoSuchElementException("no node named '" + name + "'");
        }
        if (change.unschedulable() != null) {
            n.setUnschedulable(change.unschedulable());
        }
        if (change.taints() != null) {
            n.setTaints(change.taints());
        }
        if (change.allocatable() != null) {
            n.setAllocatable(change.allocatable());
        }
        if (change.occupied() != null) {
            n.setOccupied(change.occupied());
        }
        if (change.labels() != null) {
            n.setLabels(change.labels());
        }
        needsScheduling = true;
        sync();
        return n.view();
    }

    public List<SchedulingQueue> queues() {
        return List.copyOf(queues.values());
    }

    /** What the running jobs of each queue hold in total, by queue key. */
    public synchronized Map<String, Resources> queueUsage() {
        sync();
        Map<String, Resources> m = new TreeMap<>();
        for (SchedulingQueue q : queues.values()) {
            m.put(q.key(), usedBy(q));
        }
        return m;
    }

    // ---- time and scheduling (lock held) ----

    private void sync() {
        Instant now = clock.now();
        while (true) {
            if (nextEventAt != null && !nextEventAt.isAfter(now)) {
                Instant at = nextEventAt;
                for (SimJob j : dueAt(at)) {
                    releaseNodes(j);
                    if (j.state() == JobState.RUNNING) {
                        j.finish(at);
                    } else {
                        j.stopped(at);
                    }
                }
                schedule(at);
            } else if (needsScheduling) {
                schedule(now);
            } else {
                return;
            }
            needsScheduling = false;
            nextEventAt = computeNextEvent();
        }
    }

    private List<SimJob> dueAt(Instant at) {
        List<SimJob> due = new ArrayList<>();
        for (SimJob j : jobs.values()) {
            Instant t = j.runEndsAt() != null ? j.runEndsAt() : j.stopDoneAt();
            if (t != null && !t.isAfter(at)) {
                due.add(j);
            }
        }
        return due;
    }

    private Instant computeNextEvent() {
        Instant next = null;
        for (SimJob j : jobs.values()) {
            Instant t = j.runEndsAt() != null ? j.runEndsAt() : j.stopDoneAt();
            if (t != null && (next == null || t.isBefore(next))) {
                next = t;
            }
        }
        return next;
    }

    private void schedule(Instant at) {
        List<SimJob> waiting = new ArrayList<>();
        for (SimJob j : jobs.values()) {
            if (j.state() == JobState.QUEUED) {
                waiting.add(j);
            }
        }
        waiting.sort(SCHEDULING_ORDER);
        for (SimJob j : waiting) {
            if (j.queue().closed() || !queueShortages(j).isEmpty()) {
                continue;
            }
            Map<String, String> placement = place(j);
            if (placement != null) {
                for (Pod p : j.pods()) {
                    String nodeName = placement.get(p.name());
                    p.place(nodeName);
                    nodes.get(nodeName).hold(p.request());
                }
                j.start(at);
            }
        }
    }

    /** Pod name → node for the whole gang, or {@code null} when some pod finds no node. */
    private Map<String, String> place(SimJob j) {
        Map<String, Resources> scratch = freeByNode(j.queue());
        Map<String, String> placement = new HashMap<>();
        for (Pod pod : j.pods()) {
            String chosen = null;
            for (String nodeName : j.queue().nodes()) {
                Node node = nodes.get(nodeName);
                if (node != null && NodeFilters.check(node, scratch.get(nodeName), pod.request(), pod.nodeSelector())
                        .fits()) {
                    chosen = nodeName;
                    break;
                }
            }
            if (chosen == null) {
                return null;
            }
            placement.put(pod.name(), chosen);
            scratch.put(chosen, scratch.get(chosen).minus(pod.request()));
        }
        return placement;
    }

    private Map<String, Resources> freeByNode(SchedulingQueue q) {
        Map<String, Resources> m = new HashMap<>();
        for (String name : q.nodes()) {
            Node n = nodes.get(name);
            if (n != null) {
                m.put(name, n.free());
            }
        }
        return m;
    }

    private List<QueueShortage> queueShortages(SimJob j) {
        SchedulingQueue q = j.queue();
        if (q.capability().isEmpty()) {
            return List.of();
        }
        Resources used = usedBy(q);
        Resources request = j.totalRequest();
        List<QueueShortage> out = new ArrayList<>();
        for (Map.Entry<String, Double> cap : q.capability().amounts().entrySet()) {
            double want = request.get(cap.getKey());
            if (want > 0 && used.get(cap.getKey()) + want > cap.getValue() + 1e-9) {
                out.add(new QueueShortage(q.name(), cap.getKey(), want, used.get(cap.getKey()), cap.getValue()));
            }
        }
        return out;
    }

    private Resources usedBy(SchedulingQueue q) {
        Resources used = Resources.NONE;
        for (SimJob j : jobs.values()) {
            if (j.queue().key().equals(q.key()) && (j.state() == JobState.RUNNING || j.state() == JobState.STOPPING)
                    && j.pods().stream().anyMatch(p -> !p.nodeName().isEmpty())) {
                used = used.plus(j.totalRequest());
            }
        }
        return used;
    }

    private void releaseNodes(SimJob j) {
        for (Pod p : j.pods()) {
            if (!p.nodeName().isEmpty() && (j.state() == JobState.RUNNING || j.state() == JobState.STOPPING)) {
                Node n = nodes.get(p.nodeName());
                if (n != null) {
                    n.release(p.request());
                }
            }
        }
    }

    private JobView view(SimJob j) {
        Integer position = null;
        if (j.state() == JobState.QUEUED) {
            int ahead = 0;
            for (SimJob o : jobs.values()) {
                if (o != j && o.state() == JobState.QUEUED && o.queue().key().equals(j.queue().key())
                        && SCHEDULING_ORDER.compare(o, j) < 0) {
                    ahead++;
                }
            }
            position = ahead + 1;
        }
        return j.view(position);
    }
}
