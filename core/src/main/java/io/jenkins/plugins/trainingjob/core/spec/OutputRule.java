package io.jenkins.plugins.trainingjob.core.spec;

import com.google.re2j.Pattern;
import java.util.Objects;

/**
 * One declared output of a job: a name and where its value comes from. With a regular expression, the
 * first capture group of its matches over the worker's log (SageMaker's {@code MetricDefinition} idea),
 * run by RE2/J so that no pattern takes more than linear time in the line; without one, the line
 * {@code trainjob-output/<nonce> NAME=VALUE} ({@link OutputNonce}). Validated by {@link OutputRules}.
 *
 * @param regex the pattern, or {@code null} for an output read from the line convention
 */
public record OutputRule(String name, Pattern regex) {
    public OutputRule {
        Objects.requireNonNull(name, "name");
    }

    /** An output read only from the {@code trainjob-output/<nonce>} line convention. */
    public static OutputRule fromLineConvention(String name) {
        return new OutputRule(name, null);
    }

    /** Whether the value comes from the line convention (no regex declared). */
    public boolean fromLine() {
        return regex == null;
    }
}
