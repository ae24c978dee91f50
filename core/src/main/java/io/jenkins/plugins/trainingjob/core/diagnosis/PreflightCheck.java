package io.jenkins.plugins.trainingjob.core.diagnosis;

import io.jenkins.plugins.trainingjob.core.platform.InventoryUnreadableException;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.platform.SenseCorePoolEvidence;
import java.util.List;
import java.util.Objects;

/**
 * The pre-flight fit check: from a job's demand and its pool's inventory, before anything is created,
 * judges the job with the verdicts of {@link Verdict} (see there for NEVER_FITS), running a list of small
 * named rules ({@link AihcPreflightRules}, {@link SenseCorePreflightRules}). Each rule declares the
 * evidence it needs and is skipped without it, and the report names what was not checked and why: a
 * missing, unreadable or oddly spelled field proves nothing. It produces the same report model as a
 * diagnosis, so every renderer shows it.
 */
public final class PreflightCheck {

    static final String DIAGNOSIS_ID = "pre-flight";
    static final String RULE = "PreflightFitCheck";

    private PreflightCheck() {}

    /** The report when the inventory could not be read: UNKNOWN, naming why, so the caller submits anyway. */
    public static DiagnosisReport unreadable(JobDemand demand, InventoryUnreadableException e) {
        return unreadable(demand, e.getMessage());
    }

    /** The report when the inventory could not be read; {@code message} says why. */
    public static DiagnosisReport unreadable(JobDemand demand, String message) {
        JobRef job = ref(demand);
        return DiagnosisReport.builder(job, Verdict.UNKNOWN)
                .diagnosisId(DIAGNOSIS_ID)
                .headline("Job " + job.name() + " was not checked before submitting")
                .verdictText("unknown: " + message + "; the check was skipped.")
                .build();
    }

    public static DiagnosisReport check(JobDemand demand, PoolInventory inventory) {
        Objects.requireNonNull(demand, "demand");
        Objects.requireNonNull(inventory, "inventory");
        PreflightEvidence evidence = new PreflightEvidence(demand, inventory);
        PreflightJudgement judgement = new PreflightJudgement(demand);
        for (PreflightRule rule : rules(demand, inventory)) {
            rule.apply(evidence, judgement);
        }
        return judgement.report();
    }

    /** The rules for the job's platform, in order. */
    static List<PreflightRule> rules(JobDemand demand, PoolInventory inventory) {
        boolean senseCore = !demand.specNames().isEmpty()
                || demand.perPod().isEmpty()
                        && !SenseCorePoolEvidence.of(inventory).specs().isEmpty();
        return senseCore ? SenseCorePreflightRules.RULES : AihcPreflightRules.RULES;
    }

    static JobRef ref(JobDemand d) {
        return new JobRef(d.platform(), d.name().isEmpty() ? "(not submitted)" : d.name(), d.name());
    }
}
