package io.jenkins.plugins.trainingjob.core.diagnosis;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.Hint;
import io.jenkins.plugins.trainingjob.core.platform.InventoryNode;
import io.jenkins.plugins.trainingjob.core.platform.InventoryUnreadableException;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.NodeIntervention;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.platform.QueueCapacity;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * The pre-flight fit check: from a job's demand and its pool's inventory, before anything is created,
 * says whether the job can ever run there. It produces the same report model as a diagnosis, so every
 * renderer shows it.
 *
 * <p><b>NEVER_FITS</b> only on proof from the inventory, and each rule errs toward letting a job through:
 * <ol>
 *   <li>the queue is closed;</li>
 *   <li>an accelerator the pod asks for exists on no node of the queue (needs the complete node list);</li>
 *   <li>one pod asks for more of a resource than any schedulable node (neither cordoned nor tainted) has
 *   in total;</li>
 *   <li>the gang (pods × per pod) cannot be placed even on the schedulable nodes emptied of every pod;</li>
 *   <li>the job's total exceeds the queue's capability;</li>
 *   <li>SenseCore: the spec is not offered by the pool, the pool does not take the quota type, or the job's
 *   devices exceed the workspace's reserved quota there.</li>
 * </ol>
 * Otherwise <b>FITS_NOW</b> when the free capacity (and the queue's unused capability) holds the whole
 * gang at once, <b>FITS_LATER</b> with what is in use when not, and <b>UNKNOWN</b> when the inventory has
 * no node list to decide with (SenseCore). CPU totals arrive as whole cores, so a CPU amount counts as
 * "more than the node has" only when it exceeds the total by a whole core. What the inventory cannot see
 * (affinities, another tenant's CPU and memory, quota races) is never used to refuse a job.
 */
public final class PreflightCheck {

    public static final String DIAGNOSIS_ID = "pre-flight";
    static final String RULE = "PreflightFitCheck";

    private PreflightCheck() {
    }

    /** The report when the inventory could not be read: UNKNOWN, naming why, so the caller submits anyway. */
    public static DiagnosisReport unreadable(JobDemand demand, InventoryUnreadableException e) {
        return unreadable(demand, e.getMessage());
    }

    /** The report when the inventory could not be read; {@code message} says why. */
    public static DiagnosisReport unreadable(JobDemand demand, String message) {
        JobRef job = ref(demand);
        return new DiagnosisReport(DiagnosisReport.SCHEMA_VERSION, job, DIAGNOSIS_ID,
                "Job " + job.name() + " was not checked before submitting", Verdict.UNKNOWN,
                "unknown: " + message + "; the check was skipped.", 0, List.of(), List.of(), List.of(),
                List.of(), List.of());
    }

    public static DiagnosisReport check(JobDemand demand, PoolInventory inventory) {
        Objects.requireNonNull(demand, "demand");
        Objects.requireNonNull(inventory, "inventory");
        Refusals r = new Refusals(demand);
        if (!demand.specNames().isEmpty() || demand.perPod().isEmpty() && !inventory.specs().isEmpty()) {
            senseCore(demand, inventory, r);
        } else {
            aihc(demand, inventory, r);
        }
        return r.report();
    }

    // ---- AIHC: node list and queue ----

    private static void aihc(JobDemand d, PoolInventory inv, Refusals r) {
        QueueCapacity q = inv.queue();
        String queueName = q != null ? q.name() : d.queue();
        String where = queueName.isEmpty() ? "the pool" : "queue " + queueName;
        if (q != null && q.closed()) {
            r.never("QueueState", "queue " + q.name() + " is closed (state " + (q.state().isEmpty() ? "Close" : q.state())
                    + "); it takes no jobs", "", "", "",
                    "Suggestion: submit to an open queue, or ask the pool administrator to open queue " + q.name() + ".");
        }
        List<InventoryNode> nodes = inv.queueNodes();
        List<InventoryNode> usable = nodes.stream().filter(InventoryNode::schedulable).toList();
        String notCounted = notCounted(nodes);
        Map<String, Double> gpus = d.accelerators();
        if (inv.nodesComplete()) {
            for (Map.Entry<String, Double> g : gpus.entrySet()) {
                if (nodes.stream().noneMatch(n -> n.gpuResource().equals(g.getKey()))) {
                    TreeSet<String> offered = new TreeSet<>();
                    nodes.forEach(n -> {
                        if (!n.gpuResource().isEmpty()) {
                            offered.add(n.gpuResource());
                        }
                    });
                    r.never("AcceleratorExists", g.getKey() + " exists on no node of " + where + " ("
                            + nodes.size() + " nodes" + (offered.isEmpty() ? ", none with accelerators"
                            : "; they offer " + String.join(", ", offered)) + ")", g.getKey(), fmt(g.getKey(), g.getValue()),
                            "0", "Suggestion: request " + (offered.isEmpty() ? "a device this pool has"
                                    : String.join(" or ", offered)) + ", or submit to a pool that has " + g.getKey() + ".");
                } else {
                    long largest = usable.stream().mapToLong(n -> n.gpuTotalOf(g.getKey())).max().orElse(0);
                    if (g.getValue() > largest) {
                        r.never("PodFitsNode", "one pod asks for " + fmt(g.getKey(), g.getValue()) + " " + g.getKey()
                                + "; the largest schedulable node of " + where + " has " + largest + notCounted,
                                g.getKey(), fmt(g.getKey(), g.getValue()), Long.toString(largest),
                                largest == 0 ? "Suggestion: ask the pool administrator to lift the cordon or taint, or "
                                        + "submit to another queue or pool."
                                        : "Suggestion: ask for at most " + largest + " " + g.getKey()
                                        + " per pod and add pods, or pick a pool with larger nodes.");
                    }
                }
            }
            double cpu = d.perPod().getOrDefault("cpu", 0d);
            if (cpu > 0) {
                long largest = usable.stream().mapToLong(InventoryNode::cpuTotal).max().orElse(0);
                if (cpu >= largest + 1) {
                    r.never("PodFitsNode", "one pod asks for " + fmt("cpu", cpu) + " cpu; the largest schedulable node of "
                                    + where + " has " + largest + notCounted, "cpu", fmt("cpu", cpu), Long.toString(largest),
                            "Suggestion: ask for at most " + largest + " cpu per pod, or pick a pool with larger nodes.");
                }
            }
            if (!r.neverFits() && d.pods() > 1) {
                long places = 0;
                for (InventoryNode n : usable) {
                    places += Math.min(places(n, d, false), d.pods());
                }
                if (places < d.pods()) {
                    r.never("GangFitsPool", "the gang of " + d.pods() + " pods (" + perPodText(d)
                                    + " each) does not fit " + where + " even when empty: its schedulable nodes hold "
                                    + places + (places == 1 ? " such pod" : " such pods") + notCounted,
                            "", Integer.toString(d.pods()), Long.toString(places),
                            "Suggestion: ask for at most " + places + " pods, use fewer devices per pod, or submit to a "
                                    + "larger queue or pool.");
                }
            }
        }
        if (q != null) {
            for (Map.Entry<String, String> cap : q.capability().entrySet()) {
                Double limit = Quantities.parse(cap.getValue());
                double want = d.perPod().getOrDefault(cap.getKey(), 0d) * d.pods();
                if (limit != null && want > limit + 1e-9) {
                    r.never("QueueCapability", "the job needs " + fmt(cap.getKey(), want) + " " + cap.getKey()
                                    + " in total; the capability of queue " + q.name() + " is " + cap.getValue(),
                            cap.getKey(), fmt(cap.getKey(), want), cap.getValue(),
                            "Suggestion: ask for at most " + cap.getValue() + " " + cap.getKey() + " in total, or "
                                    + "submit to a queue with a larger capability.");
                }
            }
        }
        if (r.neverFits()) {
            return;
        }
        if (!inv.nodesComplete()) {
            r.unknown("no rule refuses it, but the node list is incomplete (" + inv.nodes().size()
                    + " nodes read), so whether it starts at once is not known.");
            return;
        }
        // fits at all: now, or after others free capacity?
        List<String> waits = new ArrayList<>();
        long freePlaces = 0;
        for (InventoryNode n : usable) {
            freePlaces += Math.min(places(n, d, true), d.pods());
        }
        if (freePlaces < d.pods()) {
            StringBuilder b = new StringBuilder("free capacity holds " + freePlaces + " of " + d.pods()
                    + (d.pods() == 1 ? " pod" : " pods") + " now");
            for (String g : gpus.keySet()) {
                long free = usable.stream().mapToLong(n -> n.gpuFreeOf(g)).sum();
                long total = usable.stream().mapToLong(n -> n.gpuTotalOf(g)).sum();
                b.append("; ").append(free).append(" of ").append(total).append(' ').append(g)
                        .append(" free on ").append(usable.size()).append(" schedulable nodes");
            }
            waits.add(b.toString());
        }
        if (q != null) {
            for (Map.Entry<String, String> cap : q.capability().entrySet()) {
                Double limit = Quantities.parse(cap.getValue());
                Double used = Quantities.parse(q.allocated().getOrDefault(cap.getKey(), "0"));
                double want = d.perPod().getOrDefault(cap.getKey(), 0d) * d.pods();
                if (limit != null && used != null && want > 0 && used + want > limit + 1e-9) {
                    waits.add("queue " + q.name() + " has " + fmt(cap.getKey(), used) + " of " + cap.getValue() + " "
                            + cap.getKey() + " in use; the job needs " + fmt(cap.getKey(), want) + " more");
                }
            }
        }
        if (waits.isEmpty()) {
            r.fitsNow("the free capacity of " + where + " holds all " + d.pods() + (d.pods() == 1 ? " pod" : " pods")
                    + " (" + perPodText(d) + " each) now");
        } else {
            r.fitsLater(waits);
        }
    }

    /** How many of the job's pods fit on the node: in its totals, or ({@code free}) in what is free now. */
    private static long places(InventoryNode n, JobDemand d, boolean free) {
        long k = Long.MAX_VALUE;
        for (Map.Entry<String, Double> g : d.accelerators().entrySet()) {
            long have = free ? n.gpuFreeOf(g.getKey()) : n.gpuTotalOf(g.getKey());
            k = Math.min(k, (long) Math.floor(have / g.getValue() + 1e-9));
        }
        double cpu = d.perPod().getOrDefault("cpu", 0d);
        if (cpu > 0) {
            // whole cores: the node may have up to one core more than it reports
            long have = free ? n.cpuTotal() - n.cpuAllocated() : n.cpuTotal();
            k = Math.min(k, (long) Math.floor((have + (free ? 0 : 0.999)) / cpu + 1e-9));
        }
        return Math.max(0, k);
    }

    private static String notCounted(List<InventoryNode> nodes) {
        long cordoned = nodes.stream().filter(n -> n.intervention() == NodeIntervention.CORDONED).count();
        long tainted = nodes.stream().filter(n -> n.intervention() == NodeIntervention.TAINTED).count();
        if (cordoned + tainted == 0) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        if (cordoned > 0) {
            parts.add(cordoned + " cordoned");
        }
        if (tainted > 0) {
            parts.add(tainted + " tainted");
        }
        return " (not counted: " + String.join(", ", parts) + (cordoned + tainted == 1 ? " node" : " nodes") + ")";
    }

    private static String perPodText(JobDemand d) {
        List<String> parts = new ArrayList<>();
        d.perPod().forEach((k, v) -> parts.add(fmt(k, v) + " " + k));
        return parts.isEmpty() ? "nothing" : String.join(", ", parts);
    }

    private static String fmt(String resource, double v) {
        return JobDemand.amount(resource, v);
    }

    // ---- SenseCore: specs and quota ----

    private static void senseCore(JobDemand d, PoolInventory inv, Refusals r) {
        Map<String, SenseCoreEvidence.ResourceSpec> specs = new HashMap<>();
        inv.specs().forEach(s -> specs.put(s.name(), s));
        int devices = 0;
        for (String name : d.specNames()) {
            SenseCoreEvidence.ResourceSpec s = specs.get(name);
            if (s == null) {
                TreeSet<String> offered = new TreeSet<>(specs.keySet());
                r.never("ResourceSpecOffered", "resource spec " + name + " is not offered by pool " + d.queue()
                                + (offered.isEmpty() ? "" : " (it offers " + String.join(", ", offered) + ")"), "", name, "",
                        "Suggestion: use one of the pool's specs, or submit to a pool that offers " + name + ".");
            } else if (s.deviceNumber() > 0) {
                devices += s.deviceNumber();
            }
        }
        devices *= d.pods();
        SenseCoreEvidence.PoolBinding binding = inv.bindings().stream().filter(b -> b.name().equals(d.queue()))
                .findFirst().orElse(null);
        if (binding != null) {
            String allowed = binding.quotaType() == null ? "ALL" : binding.quotaType().toUpperCase(java.util.Locale.ROOT);
            boolean spot = d.quotaType().equals("SPOT");
            if (spot && binding.spotDevices() <= 0 || !allowed.equals("ALL") && !allowed.isEmpty() && !allowed.equals(d.quotaType())) {
                r.never("QuotaType", "pool " + d.queue() + " does not take " + d.quotaType() + " jobs from this workspace"
                                + " (binding quota type " + allowed + (spot ? ", spot allowance " + binding.spotDevices() : "") + ")",
                        "", d.quotaType(), allowed, "Suggestion: use a quota type the binding allows, or another pool.");
            } else if (!spot && binding.reservedDevices() >= 0 && devices > binding.reservedDevices()) {
                r.never("ReservedQuota", "the job needs " + devices + " devices; the workspace's reserved quota in pool "
                                + d.queue() + " is " + binding.reservedDevices(), "devices", Integer.toString(devices),
                        Integer.toString(binding.reservedDevices()), "Suggestion: ask for at most "
                                + binding.reservedDevices() + " devices, or ask for more reserved quota.");
            }
        }
        if (!r.neverFits()) {
            r.unknown("no rule refuses it; SenseCore lists no nodes, so whether it starts at once is not known.");
        }
    }

    private static JobRef ref(JobDemand d) {
        return new JobRef(d.platform(), d.name().isEmpty() ? "(not submitted)" : d.name(), d.name());
    }

    /** Collects refusals and writes the report. */
    private static final class Refusals {
        private final JobDemand demand;
        private final List<Finding> findings = new ArrayList<>();
        private final List<Hint> hints = new ArrayList<>();
        private Verdict verdict = Verdict.UNKNOWN;
        private String text = "";

        Refusals(JobDemand demand) {
            this.demand = demand;
        }

        void never(String rule, String reason, String resource, String request, String allocatable, String hint) {
            findings.add(new Finding(RULE, rule, reason, Finding.Where.jobInQueue(demand.name(), demand.queue()),
                    Finding.Shortfall.of(resource, request, allocatable), ReasonCategory.CONFIGURATION));
            hints.add(new Hint(reason, hint, "", ""));
            verdict = Verdict.NEVER_FITS;
        }

        boolean neverFits() {
            return verdict == Verdict.NEVER_FITS;
        }

        void unknown(String why) {
            verdict = Verdict.UNKNOWN;
            text = "unknown: " + why;
        }

        void fitsNow(String why) {
            verdict = Verdict.FITS_NOW;
            text = "fits now: " + why + ".";
        }

        void fitsLater(List<String> waits) {
            for (String w : waits) {
                findings.add(new Finding(RULE, "CapacityInUse", w, Finding.Where.jobInQueue(demand.name(),
                        demand.queue()), Finding.Shortfall.NONE, ReasonCategory.QUEUE_OR_QUOTA));
            }
            verdict = Verdict.FITS_LATER;
            text = "fits later: " + String.join("; ", waits) + ". It starts when running jobs free capacity.";
        }

        DiagnosisReport report() {
            JobRef job = ref(demand);
            DiagnosisReport base = ReportAssembler.assemble(job, DIAGNOSIS_ID, findings, List.of(),
                    verdict == Verdict.NEVER_FITS ? hints : List.of());
            String headline;
            if (verdict == Verdict.NEVER_FITS) {
                headline = "Job " + job.name() + " can never run " + (demand.queue().isEmpty() ? "in this pool"
                        : "in " + demand.queue()) + ": " + findings.get(0).reason()
                        + (findings.size() > 1 ? " (+" + (findings.size() - 1) + " more)" : "");
                text = "never fits as configured: " + findings.get(0).reason()
                        + ". Waiting will not help; change the request, the queue or the pool.";
            } else if (verdict == Verdict.FITS_NOW) {
                headline = "Job " + job.name() + " fits " + (demand.queue().isEmpty() ? "the pool" : demand.queue()) + " now";
            } else if (verdict == Verdict.FITS_LATER) {
                headline = "Job " + job.name() + " fits " + (demand.queue().isEmpty() ? "the pool" : demand.queue())
                        + " once capacity in use is freed";
            } else {
                headline = "Job " + job.name() + ": the pre-flight check found nothing that refuses it";
            }
            return new DiagnosisReport(base.schemaVersion(), job, DIAGNOSIS_ID, headline, verdict, text,
                    base.nodeCount(), base.pods(), base.queues(), base.rules(), base.resources(), base.hints());
        }
    }
}
