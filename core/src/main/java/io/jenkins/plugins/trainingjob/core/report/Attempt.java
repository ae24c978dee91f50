package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.io.Serial;
import java.io.Serializable;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One attempt of a submit: the first, a retry of a failed leg, or a move to a fallback target. One shape
 * for all, so the report, the CLI's JSON ({@code attempts}) and the steps' return maps list attempts the
 * same way whatever made them ({@link #toDocument()}). Every string may hold remote data; renderers escape
 * it.
 *
 * <p>A class, not a record: a Pipeline step saves the attempts of a submit that waits across a controller
 * restart, and Java serialization reads a class whose fields were added since (a record whose components
 * changed cannot be read back).
 */
public final class Attempt implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    private final int number;
    private final String target;
    private final String clientToken;
    private final String jobId;
    private final Verdict verdict;
    private final String outcome;
    private final AttemptEnd end;
    private final Duration waited;
    private final String reason;

    /**
     * @param number 1 for the first attempt
     * @param target what this attempt aimed at, in the user's words: {@code primary}, {@code queue=spot},
     *     {@code profile=bj-b,queue=q3}
     * @param clientToken the attempt's own token ({@code ClientToken.forAttempt})
     * @param jobId the job it created or found; empty when it created none
     * @param verdict the pre-flight verdict on the target, or {@code null} when none was made
     * @param outcome how its wait ended, as the CLI's JSON {@code outcome} names it ({@code job_failed},
     *     {@code unschedulable}, {@code completed}, …; {@code cancelled} when interrupted before a wait,
     *     {@code superseded} for a job a resume found with a later one after it), or empty
     * @param end why the attempt ended and what followed
     * @param waited how long the job waited to start (or the attempt lasted, when it never started)
     * @param reason why it ended and what followed, in words, e.g. {@code exit code 137; retry 1 of 2};
     *     empty for the attempt that ended the submit normally
     */
    public Attempt(
            int number,
            String target,
            String clientToken,
            String jobId,
            Verdict verdict,
            String outcome,
            AttemptEnd end,
            Duration waited,
            String reason) {
        if (number < 1) {
            throw new IllegalArgumentException("number must be 1 or more, was " + number);
        }
        this.number = number;
        this.target = nz(target);
        this.clientToken = nz(clientToken);
        this.jobId = nz(jobId);
        this.verdict = verdict;
        this.outcome = nz(outcome);
        this.end = end == null ? AttemptEnd.FINAL : end;
        this.waited = Objects.requireNonNullElse(waited, Duration.ZERO);
        this.reason = nz(reason);
    }

    /** An attempt whose end follows from its outcome alone (the last one, as a report lists it). */
    public Attempt(
            int number,
            String target,
            String clientToken,
            String jobId,
            Verdict verdict,
            String outcome,
            Duration waited,
            String reason) {
        this(number, target, clientToken, jobId, verdict, outcome, AttemptEnd.FINAL, waited, reason);
    }

    public int number() {
        return number;
    }

    public String target() {
        return target;
    }

    public String clientToken() {
        return clientToken;
    }

    public String jobId() {
        return jobId;
    }

    public Verdict verdict() {
        return verdict;
    }

    public String outcome() {
        return outcome;
    }

    public AttemptEnd end() {
        return end;
    }

    public Duration waited() {
        return waited;
    }

    public String reason() {
        return reason;
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

    /**
     * The attempt as every result document lists it (the CLI's JSON, the steps' return maps): keys in a
     * fixed order, {@code null} where nothing is known ({@code jobId}, {@code verdict}); a front end whose
     * medium has no {@code null} adapts it in one place.
     */
    public Map<String, Object> toDocument() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("number", number);
        m.put("target", target);
        m.put("clientToken", clientToken);
        m.put("jobId", jobId.isEmpty() ? null : jobId);
        m.put("verdict", verdict == null ? null : verdict.name());
        m.put("outcome", outcome);
        m.put("end", end.id());
        m.put("waitedSeconds", waited.toSeconds());
        m.put("reason", reason);
        return m;
    }

    /** This attempt with another end and reason (what followed it became known later). */
    public Attempt endedWith(AttemptEnd end, String reason) {
        return new Attempt(number, target, clientToken, jobId, verdict, outcome, end, waited, reason);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Attempt a
                && number == a.number
                && target.equals(a.target)
                && clientToken.equals(a.clientToken)
                && jobId.equals(a.jobId)
                && verdict == a.verdict
                && outcome.equals(a.outcome)
                && end == a.end
                && waited.equals(a.waited)
                && reason.equals(a.reason);
    }

    @Override
    public int hashCode() {
        return Objects.hash(number, target, clientToken, jobId, verdict, outcome, end, waited, reason);
    }

    @Override
    public String toString() {
        return "Attempt[" + line() + ", end=" + end.id() + "]";
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
