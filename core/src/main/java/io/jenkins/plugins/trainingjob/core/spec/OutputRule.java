package io.jenkins.plugins.trainingjob.core.spec;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One declared output of a job: a name and a regular expression over the worker's log whose first
 * capture group is the value (SageMaker's {@code MetricDefinition} idea). Validated by {@link OutputRules}.
 */
public record OutputRule(String name, Pattern regex) {
    public OutputRule {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(regex, "regex");
    }
}
