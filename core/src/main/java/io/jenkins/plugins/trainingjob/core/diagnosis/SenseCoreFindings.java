package io.jenkins.plugins.trainingjob.core.diagnosis;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.Hint;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.ResourceRow;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence.OtherJob;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence.PoolBinding;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence.ResourceSpec;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Derives findings from what SenseCore ACP exposes, since it has no diagnosis API. In order: the job state
 * ({@code WAITING} = waiting for workspace quota, {@code QUEUEING} = waiting for pool capacity), the spec
 * (is it offered by the pool), the pool binding (quota type allowed; the job's devices, spec
 * {@code device.number} × replicas, against {@code reserved_number} for RESERVED or the spot allowance for
 * SPOT), the workers without nodes, the other jobs of the workspace in the pool (devices held by running
 * jobs, queued jobs that are older or of higher priority) and the events verbatim. Binding numbers are
 * entitlements, not free capacity, so a job larger than its reservation never fits; one within it that
 * still waits fits later.
 */
final class SenseCoreFindings {

    private static final int MAX_NAMES = 5;

    /** The findings plus the quota rows and hints that only the SenseCore evidence can phrase. */
    record Derivation(List<Finding> findings, List<ResourceRow> resources, List<Hint> hints) {}

    private final SenseCoreEvidence ev;
    private final String pool;
    private final List<Finding> findings = new ArrayList<>();
    private final List<ResourceRow> rows = new ArrayList<>();
    private final List<Hint> hints = new ArrayList<>();

    private static final Pattern NODES_AVAILABLE = Pattern.compile("(\\d+)/(\\d+) nodes are available");

    private SenseCoreFindings(SenseCoreEvidence ev) {
        this.ev = ev;
        this.pool = ev.request() == null ? "" : nz(ev.request().poolName());
    }

    static Derivation derive(SenseCoreEvidence ev) {
        SenseCoreFindings d = new SenseCoreFindings(ev);
        d.jobState();
        ResourceSpec spec = d.spec();
        d.binding(spec);
        d.workers();
        d.competition(spec);
        d.events();
        d.capacity(spec);
        return new Derivation(List.copyOf(d.findings), List.copyOf(d.rows), List.copyOf(d.hints));
    }

    private void jobState() {
        String state = ev.status() == null ? "" : ev.status().rawState().toUpperCase(Locale.ROOT);
        switch (state) {
            case "WAITING" ->
                add(
                        "JobState",
                        "job is WAITING: it waits for workspace quota",
                        "",
                        "",
                        "",
                        "",
                        ReasonCategory.QUEUE_OR_QUOTA);
            case "QUEUEING" ->
                add(
                        "JobState",
                        "job is QUEUEING: it waits for free capacity in pool " + pool,
                        "",
                        "",
                        "",
                        "",
                        ReasonCategory.QUEUE_OR_QUOTA);
            case "" -> {}
            default -> add("JobState", "job state is " + state, "", "", "", "", ReasonCategory.CONTEXT);
        }
        if (ev.status() != null && !ev.status().reason().isEmpty()) {
            add("JobState", "platform reason: " + ev.status().reason(), "", "", "", "", ReasonCategory.CONTEXT);
        }
    }

    /** The job's spec as the pool lists it; a spec the pool does not offer is a configuration error. */
    private ResourceSpec spec() {
        if (ev.request() == null || ev.request().specNames().isEmpty()) {
            return null;
        }
        ResourceSpec found = null;
        for (String name : ev.request().specNames()) {
            ResourceSpec s = ev.specs().stream()
                    .filter(x -> nz(x.name()).equalsIgnoreCase(name))
                    .findFirst()
                    .orElse(null);
            if (s == null && !ev.specs().isEmpty()) {
                List<String> offered = ev.specs().stream()
                        .map(x -> nz(x.name()))
                        .sorted()
                        .limit(MAX_NAMES)
                        .toList();
                configuration(
                        "ResourceSpec",
                        "spec " + name + " is not offered by pool " + pool,
                        "Suggestion: choose a spec that pool " + pool + " offers: " + String.join(", ", offered)
                                + (ev.specs().size() > MAX_NAMES ? ", …" : "") + ".");
            } else if (found == null) {
                found = s;
            }
        }
        return found;
    }

    /**
     * The pool binding, in named parts: is the pool bound, does it allow the job's quota type, and the
     * job's devices against the spot allowance (SPOT) or the reserved quota and what running jobs hold of
     * it (RESERVED). Each part stops the chain when it has said what blocks the job.
     */
    private void binding(ResourceSpec spec) {
        if (ev.bindings().isEmpty() || ev.request() == null) {
            return;
        }
        PoolBinding b = boundBinding();
        String jobQuota = nz(ev.request().quotaType()).toUpperCase(Locale.ROOT);
        if (b == null || !quotaTypeAllowed(b, jobQuota) || spec == null || spec.deviceNumber() <= 0) {
            return;
        }
        int replicas = Math.max(1, ev.request().totalReplicas());
        int need = spec.deviceNumber() * replicas;
        String key = nz(spec.deviceResourceKey()).isEmpty() ? "devices" : spec.deviceResourceKey();
        String requested =
                need + " (" + spec.deviceNumber() + " × " + replicas + (replicas == 1 ? " worker)" : " workers)");
        if (jobQuota.equals("SPOT")) {
            spotAllowance(b, need, key, requested);
        } else if (withinReservedQuota(b, need, key, requested)) {
            reservedInUse(b, need, key);
        }
    }

    /** The workspace's binding to the pool; {@code null}, said as a finding, when the pool is not bound. */
    private PoolBinding boundBinding() {
        PoolBinding b = ev.bindings().stream()
                .filter(x -> nz(x.name()).equalsIgnoreCase(pool))
                .findFirst()
                .orElse(null);
        if (b == null) {
            configuration(
                    "PoolQuota",
                    "pool " + pool + " is not bound to the workspace",
                    "Suggestion: submit to a pool bound to the workspace, or ask to bind pool " + pool + ".");
        }
        return b;
    }

    /** Whether the binding's quota type takes the job's; a finding when it does not. */
    private boolean quotaTypeAllowed(PoolBinding b, String jobQuota) {
        String poolQuota = nz(b.quotaType()).toUpperCase(Locale.ROOT);
        // As pre-flight reads it: only RESERVED and SPOT bindings exclude the other job type. The job API knows
        // RESERVED and SPOT only, so an ON_DEMAND binding takes RESERVED jobs; a type we do not know proves nothing.
        boolean excluded = poolQuota.equals("RESERVED") && jobQuota.equals("SPOT")
                || poolQuota.equals("SPOT") && jobQuota.equals("RESERVED");
        if (excluded) {
            configuration(
                    "PoolQuota",
                    "pool " + pool + " allows quota type " + poolQuota + " only; the job asks for " + jobQuota,
                    "Suggestion: submit with quota type " + poolQuota + ", or use a pool that allows " + jobQuota
                            + ".");
            return false;
        }
        return true;
    }

    /** A SPOT job against the spot allowance; an allowance the binding does not report (-1) says nothing. */
    private void spotAllowance(PoolBinding b, int need, String key, String requested) {
        withinAllowance(
                "spot allowance",
                b.spotDevices(),
                need,
                key,
                requested,
                "Suggestion: ask for a spot allowance of at least " + need + " " + key + " in pool " + pool
                        + ", or submit with RESERVED quota.");
    }

    /** Whether the job is within the reserved quota (an unreported quota says nothing: false, no finding). */
    private boolean withinReservedQuota(PoolBinding b, int need, String key, String requested) {
        return withinAllowance(
                "reserved quota",
                b.reservedDevices(),
                need,
                key,
                requested,
                "Suggestion: reduce workers or devices per worker to fit the reserved " + b.reservedDevices() + " "
                        + key + " of pool " + pool + ", or ask for a larger reservation.");
    }

    /**
     * The job's total against one of the pool's allowances ({@code allowed} devices; -1 when the binding does not
     * report it, which says nothing: false, no row). A row either way; a finding and {@code suggestion} when the
     * job needs more. True when the job is within it.
     */
    private boolean withinAllowance(
            String allowance, int allowed, int need, String key, String requested, String suggestion) {
        if (allowed < 0) {
            return false;
        }
        rows.add(new ResourceRow(
                key,
                requested,
                Integer.toString(allowed),
                "job total vs " + allowance + " of pool " + pool,
                0,
                List.of()));
        if (need > allowed) {
            add(
                    "PoolQuota",
                    "the " + allowance + " of pool " + pool + " is " + allowed + " " + key + "; the job needs " + need,
                    "",
                    key,
                    Integer.toString(need),
                    Integer.toString(allowed),
                    ReasonCategory.INSUFFICIENT_RESOURCE);
            hints.add(new Hint(lastReason(), suggestion, "", ""));
            return false;
        }
        return true;
    }

    /** What the workspace's running jobs hold of the reservation, when too little of it is left. */
    private void reservedInUse(PoolBinding b, int need, String key) {
        int held = ev.otherJobs().stream()
                .filter(j -> isState(j, "RUNNING"))
                .mapToInt(j -> Math.max(0, j.devices()))
                .sum();
        int free = b.reservedDevices() - held;
        if (free < need) {
            add(
                    "PoolQuota",
                    "running jobs hold " + held + " of the " + b.reservedDevices() + " reserved " + key + " in pool "
                            + pool + "; " + Math.max(0, free) + " free, the job needs " + need,
                    "",
                    "",
                    "",
                    "",
                    ReasonCategory.QUEUE_OR_QUOTA);
        }
    }

    private void workers() {
        if (ev.workers().isEmpty()) {
            if (ev.status() != null) {
                add("Workers", "no worker has been created yet", "", "", "", "", ReasonCategory.CONTEXT);
            }
            return;
        }
        for (WorkerStatus w : ev.workers()) {
            if (!w.isPlaced()) {
                add("Workers", "worker has no node", w.name(), "", "", "", ReasonCategory.CONTEXT);
            }
        }
    }

    private void competition(ResourceSpec spec) {
        String key = spec == null || nz(spec.deviceResourceKey()).isEmpty() ? "devices" : spec.deviceResourceKey();
        String self = ev.job().id();
        List<OtherJob> others = ev.otherJobs().stream()
                .filter(j -> !nz(j.name()).equals(self)
                        && !nz(j.name()).equals(ev.job().name()))
                .sorted(Comparator.comparing((OtherJob j) -> nz(j.name())))
                .toList();
        List<OtherJob> running =
                others.stream().filter(j -> isState(j, "RUNNING")).toList();
        if (!running.isEmpty()) {
            int held = running.stream().mapToInt(j -> Math.max(0, j.devices())).sum();
            add(
                    "PoolCompetition",
                    running.size() + (running.size() == 1 ? " running job holds " : " running jobs hold ") + held + " "
                            + key + ": " + names(running, false),
                    "",
                    "",
                    "",
                    "",
                    ReasonCategory.CONTEXT);
        }
        Instant mine = ev.status() == null ? null : ev.status().createdAt();
        int myRank = priorityRank(ev.request() == null ? "" : ev.request().priority());
        List<OtherJob> ahead = others.stream()
                .filter(j -> isState(j, "QUEUEING") || isState(j, "WAITING"))
                .filter(j -> priorityRank(j.priority()) > myRank
                        || (priorityRank(j.priority()) == myRank
                                && mine != null
                                && j.createdAt() != null
                                && j.createdAt().isBefore(mine)))
                .toList();
        if (!ahead.isEmpty()) {
            add(
                    "PoolCompetition",
                    ahead.size() + (ahead.size() == 1 ? " queued job is" : " queued jobs are")
                            + " ahead (older or higher priority): " + names(ahead, true),
                    "",
                    "",
                    "",
                    "",
                    ReasonCategory.CONTEXT);
        }
    }

    private void events() {
        if (!ev.eventsAvailable()) {
            return;
        }
        for (JobEvent e : ev.events()) {
            String text = (e.type().isEmpty() ? "" : e.type() + " ") + e.reason() + ": " + e.message()
                    + (e.count() > 1 ? " (x" + e.count() + ")" : "");
            add("Events", text, "", "", "", "", ReasonCategory.CONTEXT);
        }
    }

    /**
     * QUEUEING means the quota check passed and the pool has no room: say so with the scheduler's own
     * count where a FailedScheduling event gives one ({@code 0/2 nodes are available: 2 Insufficient
     * nvidia.com/gpu}), and suggest what changes capacity, not quota.
     */
    private void capacity(ResourceSpec spec) {
        String state = ev.status() == null ? "" : ev.status().rawState().toUpperCase(Locale.ROOT);
        if (!state.equals("QUEUEING") || findings.isEmpty()) {
            return;
        }
        String queueingReason = findings.get(0).reason();
        int perWorker = spec == null ? 0 : spec.deviceNumber();
        String key = spec == null || nz(spec.deviceResourceKey()).isEmpty() ? "devices" : spec.deviceResourceKey();
        int nodes = -1;
        int shortNodes = -1;
        for (JobEvent e : ev.eventsAvailable() ? ev.events() : List.<JobEvent>of()) {
            if (!e.reason().equals("FailedScheduling")) {
                continue;
            }
            Matcher total = NODES_AVAILABLE.matcher(e.message());
            Matcher insufficient =
                    Pattern.compile("(\\d+) Insufficient " + Pattern.quote(key)).matcher(e.message());
            if (total.find() && insufficient.find()) {
                nodes = Integer.parseInt(total.group(2));
                shortNodes = Integer.parseInt(insufficient.group(1));
            }
        }
        String worker = perWorker > 0 ? perWorker + " " + key : "one worker's resources";
        if (shortNodes >= 0 && perWorker > 0) {
            rows.add(new ResourceRow(
                    key,
                    perWorker + " per worker",
                    "less free on " + shortNodes + " of " + nodes + " nodes",
                    "per worker vs free per node (FailedScheduling event)",
                    shortNodes,
                    List.of()));
        }
        String evidence = shortNodes >= 0
                ? " (the scheduler: " + shortNodes + " of " + nodes + " nodes short of " + key + ")"
                : "";
        hints.add(new Hint(
                queueingReason,
                "Suggestion: no node of pool " + pool + " has " + worker + " free now"
                        + evidence + "; wait for running jobs to finish, or use a spec with fewer " + key
                        + " per worker (and more workers).",
                "",
                ""));
    }

    /** A finding about where the job was sent (no pod, no shortfall), with what to change. */
    private void configuration(String rule, String reason, String suggestion) {
        add(rule, reason, "", "", "", "", ReasonCategory.CONFIGURATION);
        hints.add(new Hint(lastReason(), suggestion, "", ""));
    }

    private String lastReason() {
        return findings.get(findings.size() - 1).reason();
    }

    private static String names(List<OtherJob> jobs, boolean withPriority) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < Math.min(MAX_NAMES, jobs.size()); i++) {
            OtherJob j = jobs.get(i);
            b.append(i == 0 ? "" : ", ")
                    .append(nz(j.name()))
                    .append(" (")
                    .append(withPriority ? nz(j.priority()) + ", " : "")
                    .append(Math.max(0, j.devices()))
                    .append(')');
        }
        if (jobs.size() > MAX_NAMES) {
            b.append(", … and ").append(jobs.size() - MAX_NAMES).append(" more");
        }
        return b.toString();
    }

    private static int priorityRank(String p) {
        return switch (nz(p).toUpperCase(Locale.ROOT)) {
            case "HIGHEST" -> 3;
            case "HIGH" -> 2;
            case "LOW" -> 0;
            default -> 1;
        };
    }

    private static boolean isState(OtherJob j, String state) {
        return nz(j.state()).equalsIgnoreCase(state);
    }

    private void add(
            String rule,
            String reason,
            String pod,
            String resource,
            String request,
            String allocatable,
            ReasonCategory category) {
        findings.add(new Finding(
                rule,
                "",
                reason,
                Finding.Where.podInQueue(pod, ev.job().name(), pool),
                Finding.Shortfall.of(resource, request, allocatable),
                category));
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
