package io.jenkins.plugins.trainingjob.core.diagnosis;

import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * One named pre-flight rule: the evidence it needs, and what it concludes from it. A rule whose evidence is
 * missing does not run; the report names it under "not checked" with the reason, because unknown proves
 * nothing.
 *
 * @param name the rule's name, as reports show it ({@code QueueCapability})
 * @param missing why the evidence does not suffice (empty when the rule can judge)
 * @param judge the rule's conclusions, written into the judgement
 */
record PreflightRule(
        String name,
        Function<PreflightEvidence, Optional<String>> missing,
        BiConsumer<PreflightEvidence, PreflightJudgement> judge) {

    /** A rule that needs nothing beyond the job and the inventory. */
    static PreflightRule always(String name, BiConsumer<PreflightEvidence, PreflightJudgement> judge) {
        return new PreflightRule(name, e -> Optional.empty(), judge);
    }

    void apply(PreflightEvidence e, PreflightJudgement j) {
        Optional<String> why = missing.apply(e);
        if (why.isPresent()) {
            j.notChecked(name, why.get());
        } else {
            judge.accept(e, j);
        }
    }
}
