package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.time.Duration;
import java.util.Objects;

/**
 * One attempt of a submit that may take several: a retry of a failed leg, or a move to a fallback target.
 * One shape for both, so the report, the CLI's JSON ({@code attempts}) and the steps' return maps list
 * attempts the same way whatever made them. Every string may hold remote data; renderers escape it.
 *
 * @param number 1 for the first attempt
 * @param target what this attempt aimed at, in the user's words: {@code primary}, {@code queue=spot},
 *     {@code profile=bj-b,queue=q3}
 * @param clientToken the attempt's own token ({@code ClientToken.forAttempt})
 * @param jobId the job it created or found; empty when it created none (skipped, refused)
 * @param verdict the pre-flight verdict on the target, or {@code null} when none was made
 * @param outcome how it ended, as the CLI's JSON {@code outcome} names it ({@code job_failed},
 *     {@code unschedulable}, {@code completed}, {@code skipped}, …)
 * @param waited how long the job waited to start (or the attempt lasted, when it never started)
 * @param reason why it ended and what followed, e.g. {@code pending timeout 10m passed; moved on} or
 *     {@code exit code 137; retried after 30s}; empty for the attempt that ended the submit normally
 */
public record Attempt(
        int number,
        String target,
        String clientToken,
        String jobId,
        Verdict verdict,
        String outcome,
        Duration waited,
        String reason) {

    public Attempt {
        if (number < 1) {
            throw new IllegalArgumentException("number must be 1 or more, was " + number);
        }
        target = nz(target);
        clientToken = nz(clientToken);
        jobId = nz(jobId);
        outcome = nz(outcome);
        waited = Objects.requireNonNullElse(waited, Duration.ZERO);
        reason = nz(reason);
    }

    /** One console line, control characters stripped, e.g. {@code attempt 2 (queue=spot): job j-2, completed}. */
    public String line() {
        StringBuilder b = new StringBuilder("attempt ")
                .append(number)
                .append(" (")
                .append(target)
                .append("): ");
        b.append(jobId.isEmpty() ? "no job" : "job " + jobId);
        if (verdict != null) {
            b.append(", pre-flight ").append(verdict.name());
        }
        if (!outcome.isEmpty()) {
            b.append(", ").append(outcome);
        }
        if (!reason.isEmpty()) {
            b.append("; ").append(reason);
        }
        return ConsoleText.strip(b.toString());
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
