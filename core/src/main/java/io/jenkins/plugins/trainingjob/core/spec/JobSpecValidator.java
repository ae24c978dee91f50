package io.jenkins.plugins.trainingjob.core.spec;

import java.util.Comparator;
import java.util.List;

/**
 * Checks a job spec against the rules its platform documents: required fields, lengths, character
 * sets, enums, limits and cross-field rules. Reports every problem, each naming the field path and
 * the rule, never a field's value beyond enum values.
 */
final class JobSpecValidator {

    private JobSpecValidator() {}

    /** All rule violations of {@code spec}, ordered by field path; empty when it is valid. */
    public static List<SpecProblem> validate(JobSpec spec) {
        List<SpecProblem> problems = spec.match(AihcSpecRules::check, SenseCoreSpecRules::check);
        return problems.stream()
                .sorted(Comparator.comparing(SpecProblem::path, SpecPath.ORDER))
                .toList();
    }
}
