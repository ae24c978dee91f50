package io.jenkins.plugins.trainingjob.core.spec;

import java.util.Comparator;
import java.util.List;

/**
 * Checks a job spec against the rules its platform documents: required fields, lengths, character
 * sets, enums, limits and cross-field rules. Reports every problem, each naming the field path and
 * the rule, never a field's value beyond enum values.
 */
final class JobSpecValidator {

    private JobSpecValidator() {
    }

    /** All rule violations of {@code spec}, ordered by field path; empty when it is valid. */
    public static List<SpecProblem> validate(JobSpec spec) {
        List<SpecProblem> problems;
        if (spec instanceof AihcJobSpec aihc) {
            problems = AihcSpecRules.check(aihc);
        } else if (spec instanceof SenseCoreJobSpec senseCore) {
            problems = SenseCoreSpecRules.check(senseCore);
        } else {
            throw new IllegalArgumentException("no rules for " + spec.getClass().getName());
        }
        return problems.stream().sorted(Comparator.comparing(SpecProblem::path, SpecPath.ORDER)).toList();
    }
}
