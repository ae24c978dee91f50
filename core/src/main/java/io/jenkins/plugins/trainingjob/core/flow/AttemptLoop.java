package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.monitor.DurationText;
import io.jenkins.plugins.trainingjob.core.monitor.JobWatcher;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.WaitBudget;
import io.jenkins.plugins.trainingjob.core.monitor.Watch;
import io.jenkins.plugins.trainingjob.core.monitor.WatchListener;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.platform.ClientToken;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.Sleeper;
import io.jenkins.plugins.trainingjob.core.platform.TokenMatch;
import io.jenkins.plugins.trainingjob.core.report.Attempt;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A submit that may take several attempts: moves to the next fallback target when the job waited past
 * its pending timeout (or the ETA showed it cannot start within the wait budget), and retries a failed
 * leg on the same target when the {@link RetryPolicy} says so. One loop for the CLI, the Pipeline step and
 * the freestyle builder.
 *
 * <p>Never two jobs for one submit: before a move the job is stopped and the stop confirmed by reading its
 * state; a job that starts while being stopped is kept and nothing more moves; a stop that cannot be
 * confirmed ends the submit there (the front end's cleanup rule then applies to that job). Each attempt
 * has its own token ({@link ClientToken#forAttempt}), handed to {@link Hooks#beforeCreate} to be saved
 * before its create, so a resumed submit looks attempts 1..n up in order and goes on from the last one it
 * finds instead of creating it again.
 *
 * <p>Runs on the caller's thread; {@link #interrupt} may come from any thread and is seen at the next
 * step (a running watch is cancelled at once).
 */
public final class AttemptLoop {

    /** The points of an attempt where an interrupt is seen; tests interrupt at each. */
    public enum Step {
        TOKEN_SAVED,
        CREATED,
        WATCH_ENDED,
        STOP_REQUESTED,
        STOP_CONFIRMED,
        BEFORE_RETRY
    }

    /** What the front end does at each step. */
    public interface Hooks {
        /** Saves {@code token} (a step's durable state, a CLI line) before the create that uses it. */
        void beforeCreate(int attempt, String token, TargetChoice.Candidate target);

        /** A line for the build log or the terminal. */
        default void line(String text) {}

        /** Attempt {@code attempt} created (or found) {@code job}. */
        default void created(int attempt, JobRef job, boolean found) {}

        /** A test seam: the loop reached {@code step} of attempt {@code attempt}. */
        default void reached(Step step, int attempt) {}
    }

    /** How long the wait of one attempt may be, given what is left of the whole submit's budget. */
    @FunctionalInterface
    public interface PolicySource {
        /** @param remainingBudget what is left of {@code maxWait}, or {@code null} without a budget */
        WatchPolicy forAttempt(Duration remainingBudget);
    }

    /**
     * @param baseToken the submit's token; attempt n uses {@code ClientToken.forAttempt(baseToken, n)}
     * @param tokenMayBeInUse whether earlier attempts may exist (a token given by the user, or a resume)
     * @param maxWait the whole submit's wait budget, or {@code null}
     * @param stopOnInterrupt whether an interrupt stops the job on the platform
     * @param confirmPolls how many status reads confirm a stop before a move
     */
    public record Settings(
            String baseToken,
            boolean tokenMayBeInUse,
            RetryPolicy retry,
            Duration maxWait,
            boolean stopOnInterrupt,
            int confirmPolls,
            Duration confirmInterval) {
        public Settings {
            ClientToken.require("clientToken", baseToken);
            retry = retry == null ? RetryPolicy.none() : retry;
            if (confirmPolls < 1) {
                throw new IllegalArgumentException("confirmPolls must be 1 or more");
            }
        }
    }

    /**
     * How the submit ended.
     *
     * @param attempts every attempt, in order
     * @param outcomes the watch outcome of each attempt by its number (none for one that created no job or
     *     was found and not watched): the reports (diagnoses) are kept there
     * @param outcome the last attempt's outcome: front ends map it to exit codes and results
     * @param job the job the submit ended with (the one left on the platform, if any); {@code null} when none
     * @param target where that job is
     */
    public record Result(
            List<Attempt> attempts,
            Map<Integer, Outcome> outcomes,
            Outcome outcome,
            JobRef job,
            TargetChoice.Candidate target) {
        public Result {
            attempts = List.copyOf(attempts);
            outcomes = Map.copyOf(outcomes);
        }
    }

    private final JobWatcher watcher;
    private final Sleeper sleeper;
    private final Supplier<Instant> now;
    private volatile boolean interrupted;
    private List<Verdict> verdicts = List.of();
    private List<TargetChoice.Candidate> order = List.of();

    public AttemptLoop(JobWatcher watcher, Sleeper sleeper, Supplier<Instant> now) {
        this.watcher = watcher;
        this.sleeper = sleeper;
        this.now = now;
    }

    /** Stops the loop: a running watch is cancelled (stopping the job when the settings say so). */
    public void interrupt() {
        interrupted = true;
    }

    public boolean interrupted() {
        return interrupted;
    }

    /**
     * Runs the attempts over {@code order} (the first target first).
     *
     * @throws io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException (field {@code clientToken})
     *     when an attempt's token names a job of another spec
     */
    public Result run(
            List<TargetChoice.Judged> plan,
            Settings settings,
            PolicySource policies,
            WatchListener listener,
            Hooks hooks) {
        List<TargetChoice.Candidate> order =
                plan.stream().map(TargetChoice.Judged::candidate).toList();
        verdicts = plan.stream().map(TargetChoice.Judged::verdict).toList();
        this.order = order;
        if (order.isEmpty()) {
            throw new IllegalArgumentException("no target to submit to");
        }
        Instant start = now.get();
        List<Attempt> attempts = new ArrayList<>();
        List<Outcome> outcomes = new ArrayList<>();
        int index = 0;
        int attempt = 1;
        int retriesUsed = 0;
        JobRef job = null;
        if (settings.tokenMayBeInUse()) {
            Found last = null;
            // Look at every attempt a submit could have made, not only up to the first miss: an early
            // attempt's job may be gone (deleted, or past AIHC's look-up horizon) while a later one runs.
            int mostAttempts = order.size() * (1 + settings.retry().limit());
            for (int n = 1; n <= mostAttempts; n++) {
                Optional<Found> found = find(order, settings.baseToken(), n);
                if (found.isEmpty()) {
                    continue;
                }
                if (last != null) {
                    attempts.add(new Attempt(
                            last.attempt,
                            last.target.label(),
                            last.token,
                            last.job.id(),
                            verdicts.get(order.indexOf(last.target)),
                            "superseded",
                            Duration.ZERO,
                            "found on resume; a later attempt exists"));
                    outcomes.add(null);
                    retriesUsed += last.target == found.get().target ? 1 : 0;
                }
                last = found.get();
            }
            if (last != null) {
                index = order.indexOf(last.target);
                attempt = last.attempt;
                job = last.job;
                hooks.created(attempt, job, true);
                hooks.line("resuming attempt " + attempt + " (" + ConsoleText.strip(last.target.label()) + "): job "
                        + ConsoleText.strip(job.id()) + " under client token " + last.token);
            }
        }
        while (true) {
            TargetChoice.Candidate target = order.get(index);
            String token = ClientToken.forAttempt(settings.baseToken(), attempt);
            Instant legStart = now.get();
            if (job == null) {
                hooks.beforeCreate(attempt, token, target);
                hooks.reached(Step.TOKEN_SAVED, attempt);
                if (interrupted) {
                    attempts.add(new Attempt(
                            attempt,
                            target.label(),
                            token,
                            "",
                            verdicts.get(index),
                            "cancelled",
                            Duration.ZERO,
                            "interrupted before the create; no job created"));
                    outcomes.add(null);
                    return end(
                            attempts,
                            outcomes,
                            new Outcome.Cancelled(
                                    null,
                                    false,
                                    "interrupted before attempt " + attempt + " was created; no job left running"),
                            null,
                            target);
                }
                JobSpec spec = AttemptSpec.forAttempt(target.spec(), attempt);
                job = IdempotentSubmitter.create(target.platform(), spec, token).job();
                hooks.created(attempt, job, false);
                hooks.line("attempt " + attempt + " (" + ConsoleText.strip(target.label()) + "): submitted job "
                        + ConsoleText.strip(job.id()) + " (client token " + token + ")");
                hooks.reached(Step.CREATED, attempt);
            }
            Outcome outcome = interrupted
                    ? stopForInterrupt(target, job, settings)
                    : watch(target, job, policies.forAttempt(remaining(settings, start)), listener, settings, start);
            hooks.reached(Step.WATCH_ENDED, attempt);
            Duration waited = Duration.between(legStart, now.get());
            if (interrupted && !(outcome instanceof Outcome.Cancelled)) {
                outcome = stopForInterrupt(target, job, settings);
            }
            if (outcome instanceof Outcome.Cancelled) {
                attempts.add(attempt(attempt, target, token, job, outcome, waited, "interrupted"));
                outcomes.add(outcome);
                return end(attempts, outcomes, outcome, job, target);
            }
            boolean lastTarget = index + 1 >= order.size();
            if (!lastTarget && movesOn(outcome)) {
                hooks.line("attempt " + attempt + " (" + ConsoleText.strip(target.label()) + "): "
                        + movingWhy(outcome) + "; stopping job " + ConsoleText.strip(job.id())
                        + " before moving to target " + order.get(index + 1).number() + " ("
                        + ConsoleText.strip(order.get(index + 1).label()) + ")");
                Stop stop = stopAndConfirm(target, job, settings, attempt, hooks);
                if (stop == Stop.STARTED) {
                    hooks.line("job " + ConsoleText.strip(job.id()) + " started while being stopped: keeping it; "
                            + "no further target is tried");
                    // Watch the kept job again: the same attempt, now running; nothing moves after it.
                    Outcome kept = interrupted
                            ? stopForInterrupt(target, job, settings)
                            : watch(
                                    target,
                                    job,
                                    policies.forAttempt(remaining(settings, start)),
                                    listener,
                                    settings,
                                    start);
                    attempts.add(attempt(
                            attempt,
                            target,
                            token,
                            job,
                            kept,
                            Duration.between(legStart, now.get()),
                            "started while being stopped; kept, no further target tried"));
                    outcomes.add(kept);
                    return end(attempts, outcomes, kept, job, target);
                }
                if (stop == Stop.UNCONFIRMED) {
                    String why = movingWhy(outcome) + "; the stop of job " + job.id() + " was not confirmed, so "
                            + "nothing more is submitted (never two jobs for one submit)";
                    hooks.line(ConsoleText.strip(why));
                    attempts.add(attempt(attempt, target, token, job, outcome, waited, why));
                    outcomes.add(outcome);
                    return end(attempts, outcomes, outcome, job, target);
                }
                attempts.add(attempt(
                        attempt,
                        target,
                        token,
                        job,
                        outcome,
                        waited,
                        movingWhy(outcome) + "; stopped, moved to target "
                                + order.get(index + 1).number()));
                outcomes.add(outcome);
                if (interrupted) {
                    return end(
                            attempts,
                            outcomes,
                            new Outcome.Cancelled(
                                    JobStatus.unknown(job),
                                    true,
                                    "interrupted during a move: job " + job.id() + " was stopped; no job left running"),
                            null,
                            target);
                }
                index++;
                attempt++;
                job = null;
                continue;
            }
            Optional<String> retry = settings.retry().reasonToRetry(outcome);
            if (retry.isPresent() && retriesUsed < settings.retry().limit()) {
                retriesUsed++;
                String why = retry.get() + "; retry " + retriesUsed + " of "
                        + settings.retry().limit()
                        + (settings.retry().backoff().isZero()
                                ? ""
                                : " after "
                                        + DurationText.format(settings.retry().backoff()));
                hooks.line("attempt " + attempt + " (" + ConsoleText.strip(target.label()) + "): job "
                        + ConsoleText.strip(job.id()) + " failed, " + why);
                attempts.add(attempt(attempt, target, token, job, outcome, waited, why));
                outcomes.add(outcome);
                try {
                    sleeper.sleep(settings.retry().backoff());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    interrupted = true;
                }
                hooks.reached(Step.BEFORE_RETRY, attempt);
                if (interrupted) {
                    // The failed job is over; nothing runs.
                    return end(
                            attempts,
                            outcomes,
                            new Outcome.Cancelled(
                                    outcome.lastStatus(),
                                    false,
                                    "interrupted before retry " + retriesUsed + "; no job left running"),
                            null,
                            target);
                }
                attempt++;
                job = null;
                continue;
            }
            String why = retry.isPresent() ? retry.get() + "; no retries left" : "";
            attempts.add(attempt(attempt, target, token, job, outcome, waited, why));
            outcomes.add(outcome);
            return end(attempts, outcomes, outcome, job, target);
        }
    }

    private static Result end(
            List<Attempt> attempts,
            List<Outcome> outcomes,
            Outcome outcome,
            JobRef job,
            TargetChoice.Candidate target) {
        Map<Integer, Outcome> byNumber = new HashMap<>();
        for (int i = 0; i < attempts.size(); i++) {
            if (outcomes.get(i) != null) {
                byNumber.put(attempts.get(i).number(), outcomes.get(i));
            }
        }
        return new Result(attempts, byNumber, outcome, job, target);
    }

    private Outcome watch(
            TargetChoice.Candidate target,
            JobRef job,
            WatchPolicy policy,
            WatchListener listener,
            Settings settings,
            Instant start) {
        // The budget is the whole submit's: counted from the first attempt, so a move gets only what is left.
        WaitBudget budget = settings.maxWait() == null
                ? WaitBudget.NONE
                : WaitBudget.of(settings.maxWait()).from(start);
        Watch w = watcher.watch(target.connectionId(), job, policy, budget, listener);
        if (interrupted) {
            return w.cancel(settings.stopOnInterrupt()).join();
        }
        // Poll the flag while waiting: an interrupt cancels the watch from this thread.
        while (true) {
            try {
                return w.outcome().get(200, java.util.concurrent.TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                if (interrupted) {
                    return w.cancel(settings.stopOnInterrupt()).join();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                interrupted = true;
                return w.cancel(settings.stopOnInterrupt()).join();
            } catch (java.util.concurrent.ExecutionException e) {
                throw new IllegalStateException("a watch's outcome never completes exceptionally", e);
            }
        }
    }

    private Outcome stopForInterrupt(TargetChoice.Candidate target, JobRef job, Settings settings) {
        if (!settings.stopOnInterrupt()) {
            return new Outcome.Cancelled(null, false, "interrupted: job " + job.id() + " keeps running");
        }
        try {
            target.platform().cancel(job);
            return new Outcome.Cancelled(null, true, "interrupted: stopped job " + job.id());
        } catch (PlatformException e) {
            return new Outcome.Cancelled(
                    null, false, "interrupted: stopping job " + job.id() + " failed (" + e.getMessage() + ")");
        }
    }

    /** Pending timeout passed (the diagnosis is kept in the outcome), or the budget cannot be met here. */
    static boolean movesOn(Outcome outcome) {
        return outcome instanceof Outcome.Unschedulable || outcome instanceof Outcome.NotStartedInBudget b && b.early();
    }

    private static String movingWhy(Outcome outcome) {
        if (outcome instanceof Outcome.NotStartedInBudget b) {
            return "cannot start within the wait budget (" + b.why() + ")";
        }
        return "still pending after the pending timeout (diagnosis kept)";
    }

    private enum Stop {
        STOPPED,
        STARTED,
        UNCONFIRMED
    }

    private Stop stopAndConfirm(
            TargetChoice.Candidate target, JobRef job, Settings settings, int attempt, Hooks hooks) {
        try {
            target.platform().cancel(job);
        } catch (PlatformException e) {
            hooks.line("stopping job " + ConsoleText.strip(job.id()) + " failed: " + ConsoleText.strip(e.getMessage()));
            return Stop.UNCONFIRMED;
        }
        hooks.reached(Step.STOP_REQUESTED, attempt);
        for (int i = 0; i < settings.confirmPolls(); i++) {
            JobPhase phase;
            try {
                phase = target.platform().status(job).phase();
            } catch (PlatformException e) {
                phase = JobPhase.UNKNOWN;
            }
            if (phase == JobPhase.STOPPED || phase == JobPhase.FAILED) {
                hooks.line("stopped job " + ConsoleText.strip(job.id()) + " (confirmed: " + phase + ")");
                hooks.reached(Step.STOP_CONFIRMED, attempt);
                return Stop.STOPPED;
            }
            if (phase == JobPhase.STARTING || phase == JobPhase.RUNNING || phase == JobPhase.SUCCEEDED) {
                return Stop.STARTED;
            }
            if (interrupted) {
                return Stop.UNCONFIRMED;
            }
            try {
                sleeper.sleep(settings.confirmInterval());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                interrupted = true;
                return Stop.UNCONFIRMED;
            }
        }
        return Stop.UNCONFIRMED;
    }

    private Duration remaining(Settings settings, Instant start) {
        if (settings.maxWait() == null) {
            return null;
        }
        Duration left = settings.maxWait().minus(Duration.between(start, now.get()));
        return left.isNegative() ? Duration.ZERO : left;
    }

    private Attempt attempt(
            int n,
            TargetChoice.Candidate target,
            String token,
            JobRef job,
            Outcome outcome,
            Duration waited,
            String reason) {
        Verdict verdict = verdicts.get(order.indexOf(target));
        return new Attempt(
                n,
                target.label(),
                token,
                job == null ? "" : job.id(),
                verdict,
                outcome == null ? "" : outcome.kind().name().toLowerCase(java.util.Locale.ROOT),
                waited,
                reason);
    }

    private record Found(int attempt, TargetChoice.Candidate target, String token, JobRef job) {}

    /** Attempt {@code n}'s job on any target: the one whose spec it was created from. */
    private static Optional<Found> find(List<TargetChoice.Candidate> order, String base, int n) {
        String token = ClientToken.forAttempt(base, n);
        TargetChoice.Candidate other = null;
        for (TargetChoice.Candidate c : order) {
            Optional<TokenMatch> match = c.platform().findByClientToken(AttemptSpec.forAttempt(c.spec(), n), token);
            if (match.isPresent() && match.get().sameSpec()) {
                return Optional.of(new Found(n, c, token, match.get().job()));
            }
            if (match.isPresent() && other == null) {
                other = c;
            }
        }
        if (other != null) {
            // Throws the refusal that names the token and the other job.
            IdempotentSubmitter.existing(other.platform(), AttemptSpec.forAttempt(other.spec(), n), token);
        }
        return Optional.empty();
    }
}
