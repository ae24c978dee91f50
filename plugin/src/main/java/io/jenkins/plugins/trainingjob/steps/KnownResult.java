package io.jenkins.plugins.trainingjob.steps;

import hudson.AbortException;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * How a step ended, saved with the step before it completes: a step resumed after a restart that came
 * between the outcome and the completion delivers this instead of watching or diagnosing again.
 * Plain strings only, like the result the Pipeline script sees.
 */
final class KnownResult implements Serializable {
    private static final long serialVersionUID = 1L;

    private final LinkedHashMap<String, Object> value;
    private final String failure;

    private KnownResult(Map<String, Object> value, String failure) {
        this.value = value == null ? null : new LinkedHashMap<>(value);
        this.failure = failure;
    }

    static KnownResult success(Map<String, Object> value) {
        return new KnownResult(value, null);
    }

    /** The step fails with this message (already stripped for the console), without a stack trace. */
    static KnownResult failure(String message) {
        return new KnownResult(null, message);
    }

    boolean failed() {
        return failure != null;
    }

    /**
     * The saved result, with the phase under both its names, in the result and in its {@code reused} job: a
     * result an earlier release saved has only {@code status} there ({@link StepResult#withFormerPhase}), and a
     * script written for this one reads {@code phase}. Copies: the saved form stays as it was.
     */
    Map<String, Object> value() {
        if (value == null) {
            return null;
        }
        Map<String, Object> result = StepResult.withFormerPhase(new LinkedHashMap<>(value));
        if (result.get("reused") instanceof Map<?, ?> reused) {
            Map<String, Object> job = new TreeMap<>();
            reused.forEach((k, v) -> job.put(String.valueOf(k), v));
            result.put("reused", StepResult.withFormerPhase(job));
        }
        return result;
    }

    AbortException failureException() {
        return new AbortException(failure);
    }
}
