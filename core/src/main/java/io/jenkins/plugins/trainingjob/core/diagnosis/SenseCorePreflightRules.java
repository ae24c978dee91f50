package io.jenkins.plugins.trainingjob.core.diagnosis;

import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence;
import io.jenkins.plugins.trainingjob.core.platform.SenseCorePoolEvidence;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The SenseCore pre-flight rules. SenseCore lists no nodes, so no rule here can say FITS_NOW; and what
 * its API leaves undocumented (whether the spec list is paged, whether reserved quota caps a create) is
 * reported, never used to refuse. Several candidate specs of a role count as the largest of them times the
 * role's workers (weak heterogeneous scheduling places each worker on one of them).
 */
final class SenseCorePreflightRules {

    /** The rule that compares the job with the workspace's reserved quota. */
    static final String RESERVED_QUOTA = "ReservedQuota";

    static final List<PreflightRule> RULES = List.of(
            PreflightRule.always("ResourceSpecOffered", SenseCorePreflightRules::specOffered),
            new PreflightRule("QuotaType", SenseCorePreflightRules::needsBinding, SenseCorePreflightRules::quotaType),
            PreflightRule.always("SpotAllowance", SenseCorePreflightRules::spotAllowance),
            new PreflightRule(
                    RESERVED_QUOTA, SenseCorePreflightRules::needsBinding, SenseCorePreflightRules::reservedQuota),
            PreflightRule.always(
                    "CapacityNow",
                    (e, j) -> j.unknown("no rule refuses it; SenseCore lists no nodes, so"
                            + " whether it starts at once is not known")));

    private SenseCorePreflightRules() {}

    static Optional<SenseCoreEvidence.PoolBinding> binding(PreflightEvidence e) {
        return SenseCorePoolEvidence.of(e.inventory).bindings().stream()
                .filter(b -> b.name().equals(e.demand.queue()))
                .findFirst();
    }

    private static Optional<String> needsBinding(PreflightEvidence e) {
        return binding(e).isPresent()
                ? Optional.empty()
                : Optional.of("the workspace's binding to pool " + e.demand.queue() + " was not read");
    }

    /** The spec list may be paged (SenseCore documents neither paging nor its absence): a miss is reported. */
    private static void specOffered(PreflightEvidence e, PreflightJudgement j) {
        Map<String, SenseCoreEvidence.ResourceSpec> specs = new HashMap<>();
        SenseCorePoolEvidence.of(e.inventory).specs().forEach(s -> specs.put(s.name(), s));
        for (String name : e.demand.specNames()) {
            if (!specs.containsKey(name)) {
                TreeSet<String> offered = new TreeSet<>(specs.keySet());
                j.notChecked(
                        "ResourceSpecOffered",
                        "resource spec " + name + " is not among the " + specs.size()
                                + " specs read for pool " + e.demand.queue()
                                + (offered.isEmpty() ? "" : " (" + String.join(", ", offered) + ")")
                                + ", and the list may be paged");
            }
        }
    }

    private static void quotaType(PreflightEvidence e, PreflightJudgement j) {
        SenseCoreEvidence.PoolBinding b = binding(e).get();
        String allowed = b.quotaType() == null ? "" : b.quotaType().trim().toUpperCase(Locale.ROOT);
        String job = e.demand.quotaType();
        boolean refused =
                switch (allowed) {
                    case "RESERVED" -> job.equals("SPOT");
                    // the job API knows RESERVED and SPOT only, so an ON_DEMAND binding is for RESERVED (default) jobs
                    case "ON_DEMAND" -> false;
                    case "SPOT" -> job.equals("RESERVED");
                    default -> false;
                };
        if (!allowed.isEmpty()
                && !List.of("ALL", "RESERVED", "ON_DEMAND", "SPOT").contains(allowed)) {
            j.notChecked("QuotaType", "binding quota type " + allowed + " is not one we know");
        } else if (refused) {
            j.never(
                    "QuotaType",
                    "pool " + e.demand.queue() + " does not take " + job + " jobs from this workspace"
                            + " (binding quota type " + allowed + ")",
                    "",
                    job,
                    allowed,
                    "Suggestion: use a quota type the binding allows, or another pool.");
        }
    }

    /** Applies to SPOT jobs only; an allowance the binding does not report (-1) proves nothing. */
    private static void spotAllowance(PreflightEvidence e, PreflightJudgement j) {
        if (!e.demand.quotaType().equals("SPOT")) {
            return;
        }
        Optional<String> missing = needsBinding(e);
        if (missing.isPresent()) {
            j.notChecked("SpotAllowance", missing.get());
            return;
        }
        SenseCoreEvidence.PoolBinding b = binding(e).get();
        if (b.spotDevices() < 0) {
            j.notChecked("SpotAllowance", "the binding reports no spot allowance");
        } else if (b.spotDevices() == 0) {
            j.admin(
                    "SpotAllowance",
                    "the workspace's spot allowance in pool " + e.demand.queue() + " is 0",
                    ReasonCategory.QUEUE_OR_QUOTA,
                    List.of("raise the workspace's spot allowance in pool " + e.demand.queue() + " to at least "
                            + devices(e) + " devices"));
        }
    }

    /** Reserved quota as a hard cap is not documented: a job above it is reported, and the create answers. */
    private static void reservedQuota(PreflightEvidence e, PreflightJudgement j) {
        SenseCoreEvidence.PoolBinding b = binding(e).get();
        int devices = devices(e);
        if (e.demand.quotaType().equals("RESERVED")
                && b.reservedDevices() >= 0
                && devices > b.reservedDevices()
                && !"ON_DEMAND".equalsIgnoreCase(String.valueOf(b.quotaType()))) {
            j.note(
                    RESERVED_QUOTA,
                    "the job alone needs " + devices + " devices; the workspace's reserved quota in pool "
                            + e.demand.queue() + " is " + b.reservedDevices());
            j.notChecked(
                    RESERVED_QUOTA,
                    "the job needs " + devices + " devices and the workspace's reserved quota"
                            + " in pool " + e.demand.queue() + " is " + b.reservedDevices()
                            + "; whether that caps a create"
                            + " is not documented, so the create's answer (MEMBER_QUOTA_EXCEEDED) decides");
        }
    }

    /** Largest device count among the named specs, times the workers. */
    static int devices(PreflightEvidence e) {
        int largest = 0;
        for (SenseCoreEvidence.ResourceSpec s :
                SenseCorePoolEvidence.of(e.inventory).specs()) {
            if (e.demand.specNames().contains(s.name())) {
                largest = Math.max(largest, s.deviceNumber());
            }
        }
        return largest * e.demand.pods();
    }
}
