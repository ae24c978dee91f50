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
    private final Map<String, SchedulingQueue> declaredQueues;
    private final Map<String, SchedulingQueue> queues = new LinkedHashMap<>();
    /** Queue key → how many nodes shaped like its own the pool adds when a job of it cannot be placed. */
    private final Map<String, Integer> growth = new HashMap<>();

    private final List<AdminAction> actions = new ArrayList<>();
    private final List<Arrival> arrivals = new ArrayList<>();
    private int nextArrival;
    private final long seed;
    private Instant origin;
    private int nextAction;
    private final Map<String, Integer> grown = new HashMap<>();
    private final Map<String, Node> nodes = new TreeMap<>();
    private final Map<String, SimJob> jobs = new LinkedHashMap<>();
    /** Job names whose next run ends with this exit code whatever its spec says ({@link #failNextRun}). */
    private final Map<String, Integer> failingNextRun = new HashMap<>();

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
        this.declaredQueues = Map.copyOf(q);
        this.seed = seed;
        resetState();
    }

    public SimClock clock() {
        return clock;
    }

    public synchronized Optional<SchedulingQueue> queue(String key) {
        return Optional.ofNullable(queues.get(key));
    }

    /**
     * Administrator actions at moments of simulated time, counted from the start (and again from each
     * reset), in any order.
     */
    public synchronized void plan(List<AdminAction> planned) {
        actions.clear();
        actions.addAll(planned);
        actions.sort(java.util.Comparator.comparing(AdminAction::at));
        nextAction = 0;
    }

    /**
     * Jobs that arrive by themselves (a workload's trace) at moments of simulated time counted from the start
     * (and again from each reset), in any order. Each is built when it arrives and created at that moment,
     * so a start whose origin lies in the past replays a history: jobs that finished and jobs still running,
     * with their times in the past, as a platform's list shows them.
     */
    public synchronized void planArrivals(List<Arrival> planned) {
        arrivals.clear();
        arrivals.addAll(planned);
        arrivals.sort(Comparator.comparing(Arrival::at));
        nextArrival = 0;
    }

    /**
     * Lets the pool add up to {@code max} nodes to queue {@code key} while a job of it cannot be placed,
     * each shaped like a node the queue already has (the largest in devices first): an autoscaling node group.
     */
    public synchronized void grow(String key, int max) {
        growth.put(key, max);
    }

    /** Opens a closed queue; waiting jobs are re-evaluated at once. */
    public synchronized void reopen(String key) {
        sync();
        apply(new AdminAction(Duration.ZERO, AdminAction.Kind.REOPEN, key, "", 0));
        needsScheduling = true;
        sync();
    }

    /**
     * Sets queue {@code key}'s capability (an administrator raising or cutting it; {@link Resources#NONE}:
     * unlimited). Running jobs keep running; waiting jobs are re-evaluated at once.
     */
    public synchronized void setCapability(String key, Resources capability) {
        sync();
        SchedulingQueue q = queueNamed(key);
        queues.put(q.key(), new SchedulingQueue(q.key(), q.name(), q.nodes(), capability, q.closed()));
        needsScheduling = true;
        sync();
    }

    /** Adds {@code count} nodes shaped like {@code like} to queue {@code key}. */
    public synchronized void addNodes(String key, String like, int count) {
        sync();
        apply(new AdminAction(Duration.ZERO, AdminAction.Kind.ADD_NODES, key, like, count));
        needsScheduling = true;
        sync();
    }

    private void apply(AdminAction a) {
        switch (a.kind()) {
            case UNCORDON -> node(a.target()).setUnschedulable(false);
            case UNTAINT -> node(a.target()).setTaints(List.of());
            case REOPEN -> {
                SchedulingQueue q = queueNamed(a.target());
                queues.put(q.key(), new SchedulingQueue(q.key(), q.name(), q.nodes(), q.capability(), false));
            }
            case ADD_NODES -> {
                SchedulingQueue q = queueNamed(a.target());
                Node like = node(a.like());
                List<String> names = new ArrayList<>(q.nodes());
                for (int i = 0; i < a.count(); i++) {
                    String name = like.name() + "-added-" + (names.size() + 1);
                    nodes.put(
                            name, new Node(name, like.labels(), List.of(), false, like.allocatable(), Resources.NONE));
                    names.add(name);
                }
                queues.put(q.key(), new SchedulingQueue(q.key(), q.name(), names, q.capability(), q.closed()));
            }
        }
    }

    private Node node(String name) {
        Node n = nodes.get(name);
        if (n == null) {
            throw new NoSuchElementException("no node named '" + name + "'");
        }
        return n;
    }

    private SchedulingQueue queueNamed(String key) {
        SchedulingQueue q = queues.get(key);
        if (q == null) {
            throw new NoSuchElementException("no queue with key '" + key + "'");
        }
        return q;
    }

    /** The job's queue as it is now (an administrator may have reopened it or added nodes). */
    private SchedulingQueue queueOf(SimJob j) {
        return queues.getOrDefault(j.queue().key(), j.queue());
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
        queues.clear();
        queues.putAll(declaredQueues);
        grown.clear();
        origin = clock.now();
        nextAction = 0;
        nextArrival = 0;
        jobs.clear();
        failingNextRun.clear();
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
            if (j.quotaOwner().equals(owner)
                    && !j.spot()
                    && (j.state() == JobState.RUNNING || j.state() == JobState.STOPPING)) {
                inUse += j.devices();
            }
        }
        if (inUse + devices > reservedDevices) {
            throw new QuotaRefusedException("the job needs " + devices + " devices; running jobs of " + owner
                    + " already hold " + inUse + " of the reserved " + reservedDevices);
        }
        return admit(b);
    }

    /**
     * The next job created under {@code name} (either platform) ends with {@code exitCode}, whatever its env
     * asks for: a flaky run, such as a node fault, that a re-run of the same spec does not meet again.
     */
    public synchronized void failNextRun(String name, int exitCode) {
        failingNextRun.put(name, exitCode);
    }

    private JobView admit(SimJob.Builder b) {
        if (jobs.containsKey(b.id())) {
            throw new IllegalStateException("job " + b.id() + " already exists");
        }
        Integer flaky = failingNextRun.remove(b.name());
        if (flaky != null) {
            b.exitCode(flaky);
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
        return stop(id, stopTime, Duration.ZERO);
    }

    /**
     * As {@link #stop(String, Duration)}, but a waiting job's stop lands only after {@code waitingStopLatency}:
     * the scheduler may start the job meanwhile, and then it keeps running (the race a submit that moves to
     * another target must survive).
     */
    public synchronized Optional<JobView> stop(String id, Duration stopTime, Duration waitingStopLatency) {
        sync();
        SimJob j = jobs.get(id);
        if (j == null) {
            return Optional.empty();
        }
        if (j.state() == JobState.QUEUED && waitingStopLatency.compareTo(Duration.ZERO) > 0) {
            j.requestWaitingStop(clock.now(), waitingStopLatency);
            nextEventAt = computeNextEvent();
            return Optional.of(view(j));
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
            Instant actionAt = nextAction < actions.size()
                    ? origin.plus(actions.get(nextAction).at())
                    : null;
            Instant arrivalAt = nextArrival < arrivals.size()
                    ? origin.plus(arrivals.get(nextArrival).at())
                    : null;
            if (actionAt != null && !actionAt.isAfter(now) && (nextEventAt == null || !actionAt.isAfter(nextEventAt))) {
                apply(actions.get(nextAction++));
                schedule(actionAt);
            } else if (arrivalAt != null
                    && !arrivalAt.isAfter(now)
                    && (nextEventAt == null || arrivalAt.isBefore(nextEventAt))
                    && (actionAt == null || arrivalAt.isBefore(actionAt))) {
                // ends at the same instant go first: what they free is there for the job that arrives
                SimJob.Builder b = arrivals.get(nextArrival++).job().apply(this);
                if (!jobs.containsKey(b.id())) {
                    SimJob job = new SimJob(b, ++sequence, arrivalAt);
                    jobs.put(job.id(), job);
                }
                schedule(arrivalAt);
            } else if (nextEventAt != null && !nextEventAt.isAfter(now)) {
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
            if (queueOf(j).closed() || !queueShortages(j).isEmpty()) {
                continue;
            }
            Map<String, String> placement = place(j);
            while (placement == null && grewFor(j)) {
                placement = place(j);
            }
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

    /** Adds one node shaped like the largest of the job's queue, when the queue may still grow. */
    private boolean grewFor(SimJob j) {
        SchedulingQueue q = queueOf(j);
        int max = growth.getOrDefault(q.key(), 0);
        int done = grown.getOrDefault(q.key(), 0);
        if (done >= max) {
            return false;
        }
        Node largest = null;
        for (String name : q.nodes()) {
            Node n = nodes.get(name);
            if (n != null && (largest == null || devices(n) > devices(largest))) {
                largest = n;
            }
        }
        if (largest == null) {
            return false;
        }
        grown.merge(q.key(), 1, Integer::sum);
        apply(new AdminAction(Duration.ZERO, AdminAction.Kind.ADD_NODES, q.key(), largest.name(), 1));
        return true;
    }

    private static double devices(Node n) {
        double sum = 0;
        for (Map.Entry<String, Double> e : n.allocatable().amounts().entrySet()) {
            if (e.getKey().contains("/")) {
                sum += e.getValue();
            }
        }
        return sum;
    }

    /** Pod name → node for the whole gang, or {@code null} when some pod finds no node. */
    private Map<String, String> place(SimJob j) {
        Map<String, Resources> scratch = freeByNode(queueOf(j));
        Map<String, String> placement = new HashMap<>();
        for (Pod pod : j.pods()) {
            String chosen = null;
            for (String nodeName : queueOf(j).nodes()) {
                Node node = nodes.get(nodeName);
                if (node != null
                        && NodeFilters.check(node, scratch.get(nodeName), pod.request(), pod.nodeSelector())
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
        SchedulingQueue q = queueOf(j);
        if (q.capability().isEmpty()) {
            return List.of();
        }
        Resources used = usedBy(q);
        Resources request = j.totalRequest();
        List<QueueShortage> out = new ArrayList<>();
        for (Map.Entry<String, Double> cap : q.capability().amounts().entrySet()) {
            double want = request.get(cap.getKey());
            if (cap.getValue() <= 0
                    && (cap.getKey().equals("cpu") || cap.getKey().equals("memory"))) {
                continue; // Volcano reads a cpu or memory capability <= 0 as unlimited
            }
            if (want > 0 && used.get(cap.getKey()) + want > cap.getValue() + 1e-9) {
                out.add(new QueueShortage(q.name(), cap.getKey(), want, used.get(cap.getKey()), cap.getValue()));
            }
        }
        return out;
    }

    private Resources usedBy(SchedulingQueue q) {
        Resources used = Resources.NONE;
        for (SimJob j : jobs.values()) {
            if (j.queue().key().equals(q.key())
                    && (j.state() == JobState.RUNNING || j.state() == JobState.STOPPING)
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
                if (o != j
                        && o.state() == JobState.QUEUED
                        && o.queue().key().equals(j.queue().key())
                        && SCHEDULING_ORDER.compare(o, j) < 0) {
                    ahead++;
                }
            }
            position = ahead + 1;
        }
        return j.view(position);
    }
}
