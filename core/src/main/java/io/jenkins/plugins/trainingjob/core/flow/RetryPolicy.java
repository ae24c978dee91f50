package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.monitor.DurationText;
import io.jenkins.plugins.trainingjob.core.monitor.JobFailure;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which failed legs of a submit are tried again on the same target, how often and after how long
 * ({@code --retry-*}, {@code retry: [limit:, onExitCodes:, onPreemption:, backoff:]}). Only a job that ran
 * and failed is retried, and only on proof: an exit code the platform reported and the user listed, or an
 * event that names a preemption. Bad input, a job that never fits and a job a person stopped are never
 * retried: trying them again cannot help, or undoes someone's decision.
 *
 * @param limit how many retries after the first attempt (0: none)
 * @param onExitCodes the failing worker's exit codes that retry
 * @param onPreemption whether a job the platform says it preempted is retried
 * @param backoff how long to wait before each retry
 */
public record RetryPolicy(int limit, Set<Integer> onExitCodes, boolean onPreemption, Duration backoff) {

    public static final int MAX_LIMIT = 10;

    public RetryPolicy {
        if (limit < 0 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be 0-" + MAX_LIMIT + ", was " + limit);
        }
        onExitCodes = Set.copyOf(onExitCodes == null ? Set.of() : onExitCodes);
        backoff = backoff == null ? Duration.ZERO : backoff;
    }

    public static RetryPolicy none() {
        return new RetryPolicy(0, Set.of(), false, Duration.ZERO);
    }

    /**
     * Reads the front ends' values, each checked and named as the user wrote it.
     *
     * @param exitCodes comma-separated codes and ranges ({@code 137,143}, {@code 128-255}), or null/blank
     * @param backoff a duration text ({@code 30s}), or null/blank for none
     */
    public static RetryPolicy parse(
            FieldNames names, Integer limit, String exitCodes, boolean onPreemption, String backoff) {
        int n = limit == null ? 0 : limit;
        if (n < 0 || n > MAX_LIMIT) {
            throw InvalidInputException.of(names.field("retry.limit"), "must be 0-" + MAX_LIMIT + " (was " + n + ")");
        }
        Set<Integer> codes = exitCodes == null || exitCodes.isBlank()
                ? Set.of()
                : codes(names.field("retry.onExitCodes"), exitCodes);
        Duration wait = backoff == null || backoff.isBlank()
                ? Duration.ZERO
                : DurationText.parse(names.field("retry.backoff"), backoff);
        if (n > 0 && codes.isEmpty() && !onPreemption) {
            throw InvalidInputException.of(
                    names.field("retry.limit"),
                    "retries nothing: also give " + names.field("retry.onExitCodes") + " or "
                            + names.field("retry.onPreemption"));
        }
        return new RetryPolicy(n, codes, onPreemption, wait);
    }

    private static Set<Integer> codes(String field, String text) {
        Set<Integer> codes = new TreeSet<>();
        for (String item : text.split(",", -1)) {
            String t = item.trim();
            int dash = t.indexOf('-', 1);
            try {
                int from = Integer.parseInt(dash < 0 ? t : t.substring(0, dash));
                int to = dash < 0 ? from : Integer.parseInt(t.substring(dash + 1));
                if (from < 1 || to > 255 || from > to) {
                    throw InvalidInputException.of(
                            field, "'" + t + "' is not an exit code 1-255 or a range like " + "128-255");
                }
                for (int c = from; c <= to; c++) {
                    codes.add(c);
                }
            } catch (NumberFormatException e) {
                throw InvalidInputException.of(field, "'" + t + "' is not an exit code 1-255 or a range like 128-255");
            }
        }
        return codes;
    }

    /**
     * Why {@code outcome} may be retried, or empty when it may not. Only a failed job qualifies: a
     * refusal, a never-fitting or timed-out wait, or a platform error is not a failed leg.
     */
    public Optional<String> reasonToRetry(Outcome outcome) {
        if (limit == 0 || !(outcome instanceof Outcome.JobFailed failed)) {
            return Optional.empty();
        }
        JobFailure f = failed.failure();
        if (onPreemption && preempted(failed)) {
            return Optional.of("preempted");
        }
        // A job stopped without a preemption event may be a person's stop: never undo it.
        if (failed.status() != null && failed.status().phase() == JobPhase.STOPPED) {
            return Optional.empty();
        }
        if (f != null && f.exitCode() != null && onExitCodes.contains(f.exitCode())) {
            return Optional.of("exit code " + f.exitCode());
        }
        return Optional.empty();
    }

    /**
     * A preemption is proven only by the platform's reason code ({@code Preempted}, {@code Preemption}):
     * the job's failure reason or an event's reason. Free text proves nothing: the scheduler's ordinary
     * "cannot place this pod" message says "Preemption is not helpful for scheduling".
     */
    static boolean preempted(Outcome.JobFailed failed) {
        JobFailure f = failed.failure();
        if (f == null) {
            return false;
        }
        if (isPreemptionReason(f.reason())) {
            return true;
        }
        for (JobEvent e : f.lastEvents()) {
            if (isPreemptionReason(e.reason())) {
                return true;
            }
        }
        return false;
    }

    private static boolean isPreemptionReason(String reason) {
        if (reason == null) {
            return false;
        }
        String r = reason.strip().toLowerCase(Locale.ROOT);
        return r.equals("preempted") || r.equals("preemption");
    }

    /** One line, e.g. {@code up to 2 retries on exit codes 137, 143 or preemption, 30s apart}. */
    public String describe() {
        if (limit == 0) {
            return "no retries";
        }
        StringBuilder b = new StringBuilder("up to ").append(limit).append(limit == 1 ? " retry on " : " retries on ");
        if (!onExitCodes.isEmpty()) {
            b.append("exit codes ")
                    .append(String.join(
                            ", ",
                            new TreeSet<>(onExitCodes)
                                    .stream().map(String::valueOf).toList()));
        }
        if (onPreemption) {
            b.append(onExitCodes.isEmpty() ? "" : " or ").append("preemption");
        }
        if (!backoff.isZero()) {
            b.append(", ").append(DurationText.format(backoff)).append(" apart");
        }
        return b.toString();
    }
}
