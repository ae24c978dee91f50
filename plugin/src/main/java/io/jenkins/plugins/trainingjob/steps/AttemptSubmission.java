package io.jenkins.plugins.trainingjob.steps;

import hudson.AbortException;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.trainingjob.ConnectionBinding;
import io.jenkins.plugins.trainingjob.ConnectionRef;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.TrainingJobService;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.flow.AttemptLoop;
import io.jenkins.plugins.trainingjob.core.flow.FailureCleanup;
import io.jenkins.plugins.trainingjob.core.flow.FallbackOrder;
import io.jenkins.plugins.trainingjob.core.flow.FallbackTarget;
import io.jenkins.plugins.trainingjob.core.flow.PreflightMode;
import io.jenkins.plugins.trainingjob.core.flow.QueueEtaSource;
import io.jenkins.plugins.trainingjob.core.flow.RetryPolicy;
import io.jenkins.plugins.trainingjob.core.flow.ReusePolicy;
import io.jenkins.plugins.trainingjob.core.flow.TargetChoice;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.report.Attempt;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.OutputRules;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.report.AttemptsAction;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A submit with fallback targets or retries, as {@code submitTrainingJob} and the freestyle builder run it:
 * every target checked and bound before anything is created, pre-flight on all of them at once, then core's
 * {@link AttemptLoop} (the one the CLI runs). Bad input names {@code fallback[i].key}, {@code fallbackOrder}
 * or {@code retry.key}.
 */
final class AttemptSubmission {
    /** How long pre-flight on every target may take together (as the CLI). */
    static final Duration PREFLIGHT_BOUND = Duration.ofSeconds(30);

    private AttemptSubmission() {}

    /**
     * Status reads that confirm a stop before a move, and the wait between them: 12 × 5 s as the CLI, a
     * minute for a platform to report a stopped job.
     */
    record Confirm(int polls, Duration interval) {
        static final Confirm DEFAULT = new Confirm(12, Duration.ofSeconds(5));
    }

    /** The checked parameters. */
    record Options(List<FallbackTarget> targets, FallbackOrder order, RetryPolicy retry) {}

    /** Whether the parameters ask for more than one attempt: the attempt loop then runs the submit. */
    static boolean wanted(List<Fallback> fallback, Retry retry) {
        return (fallback != null && !fallback.isEmpty()) || (retry != null && retry.getLimit() > 0);
    }

    /**
     * Checks what needs no platform: every target's keys and values, the order, the retry policy, and how
     * they go with {@code wait} and {@code reuse}.
     *
     * @throws InvalidInputException naming the target and the key ({@code fallback[0].queue}), or the field
     */
    static Options check(List<Fallback> fallback, String fallbackOrder, Retry retry, WaitMode mode, ReusePolicy reuse) {
        List<FallbackTarget> targets = Fallback.targets(fallback == null ? List.of() : fallback);
        FallbackOrder order = FallbackOrder.parse("fallbackOrder", fallbackOrder == null ? "best" : fallbackOrder);
        RetryPolicy policy = Retry.policy(retry);
        if (targets.isEmpty() && policy.limit() == 0) {
            return new Options(targets, order, policy);
        }
        String field = targets.isEmpty() ? "retry.limit" : "fallback";
        if (mode == WaitMode.NONE) {
            throw InvalidInputException.of(
                    field, "needs wait: 'scheduled' or 'completed' (a move or a retry follows what the wait sees)");
        }
        if (policy.limit() > 0 && mode != WaitMode.COMPLETED) {
            throw InvalidInputException.of(
                    "retry.limit", "needs wait: 'completed' (a failed job is only seen by waiting for it to end)");
        }
        if (reuse != ReusePolicy.NEVER) {
            throw InvalidInputException.of(
                    "reuse",
                    "not with " + field + ": each attempt has its own client token, derived from clientToken;"
                            + " leave reuse out");
        }
        return new Options(targets, order, policy);
    }

    /** Loads the spec with extra {@code ${NAME}} values over the step's own (a target's variables). */
    @FunctionalInterface
    interface SpecSource {
        JobSpec load(Map<String, String> extra) throws Exception;
    }

    /** The targets bound, the primary first; closing releases the clients only the fallback targets use. */
    static final class Targets implements AutoCloseable {
        final List<TargetChoice.Candidate> candidates;
        private final List<String> ownKeys;
        private final TrainingJobService service;

        private Targets(List<TargetChoice.Candidate> candidates, List<String> ownKeys, TrainingJobService service) {
            this.candidates = List.copyOf(candidates);
            this.ownKeys = List.copyOf(ownKeys);
            this.service = service;
        }

        @Override
        public void close() {
            ownKeys.forEach(service::release);
        }
    }

    /**
     * Binds every target and loads its spec, before anything is created: a target on an unknown connection,
     * on another platform, or whose variables break the spec is refused naming it.
     *
     * @param bindingId this step's binding id; target n binds under {@code bindingId-tn}
     */
    static Targets bind(
            TrainingJobService service,
            Run<?, ?> run,
            ConnectionRef primaryRef,
            ConnectionBinding primary,
            String bindingId,
            JobSpec primarySpec,
            SpecSource specs,
            List<FallbackTarget> targets,
            PrintStream log)
            throws Exception {
        List<TargetChoice.Candidate> candidates = new ArrayList<>();
        List<String> own = new ArrayList<>();
        candidates.add(new TargetChoice.Candidate(1, "primary", primary.client(), primarySpec, primary.key()));
        try {
            for (FallbackTarget t : targets) {
                String field = "fallback[" + (t.number() - 2) + "]";
                ConnectionBinding b = primary;
                if (!t.connection().isEmpty()
                        || !t.queue().isEmpty()
                        || !t.resourcePool().isEmpty()) {
                    ConnectionRef ref = t.connection().isEmpty() ? primaryRef : ConnectionRef.of(t.connection(), null);
                    try {
                        b = service.bindRetargeted(
                                ref,
                                run,
                                bindingId + "-t" + t.number(),
                                t.queue().isEmpty() ? null : t.queue(),
                                t.resourcePool().isEmpty() ? null : t.resourcePool());
                    } catch (InvalidInputException e) {
                        throw InvalidInputException.of(
                                field + (t.connection().isEmpty() ? "" : ".connection"),
                                ConsoleText.strip(e.getMessage()));
                    }
                    own.add(b.key());
                    if (b.warning() != null) {
                        log.println(b.warning());
                    }
                    if (b.platform() != primarySpec.platform()) {
                        throw InvalidInputException.of(
                                field + ".connection",
                                "'" + t.connection() + "' is a " + b.platform().displayName()
                                        + " connection; fallback targets stay on the spec's platform ("
                                        + primarySpec.platform().displayName() + ")");
                    }
                }
                JobSpec spec;
                try {
                    spec = t.applyTo(t.variables().isEmpty() ? primarySpec : specs.load(t.variables()));
                } catch (InvalidInputException e) {
                    throw InvalidInputException.of(
                            field + (t.variables().isEmpty() ? "" : ".variables"),
                            t.label("connection") + ": " + ConsoleText.strip(e.getMessage()));
                }
                candidates.add(
                        new TargetChoice.Candidate(t.number(), t.label("connection"), b.client(), spec, b.key()));
            }
        } catch (Exception | Error e) {
            own.forEach(service::release);
            throw e;
        }
        return new Targets(candidates, own, service);
    }

    /**
     * Pre-flight on every target at once, the order to try them in, one log line per target and why the first
     * won. When every target is skipped the step fails with the primary's report, before anything is created.
     */
    static List<TargetChoice.Judged> plan(
            Targets targets, PreflightMode mode, FallbackOrder order, Run<?, ?> run, PrintStream log)
            throws AbortException {
        // Targets that fit later are ordered by their own queue's ETA, as the CLI orders them; a retry-only
        // submit has nothing to order and reads no history.
        TargetChoice.EtaSource eta = targets.candidates.size() > 1
                ? new QueueEtaSource(Clock.systemUTC()::instant)
                : TargetChoice.EtaSource.NONE;
        TargetChoice.Plan plan =
                TargetChoice.choose(targets.candidates, mode != PreflightMode.OFF, order, PREFLIGHT_BOUND, eta);
        plan.lines().forEach(line -> log.println(ConsoleText.strip(line)));
        if (plan.order().isEmpty()
                && targets.candidates.size() == 1
                && !refuses(mode, plan.skipped().get(0).verdict())) {
            // no fallback to choose from: a retry-only submit follows `preflight` as a plain submit does
            return plan.skipped();
        }
        if (plan.order().isEmpty()) {
            DiagnosisReport report = plan.skipped().get(0).preflight();
            StepOutcome.report(report, run, log);
            throw new AbortException(ConsoleText.strip(report.headline()));
        }
        return plan.order();
    }

    /**
     * The order saved before the first create, after a restart: the same targets in the same order, so the
     * resumed loop finds every attempt and moves on as it would have; no pre-flight again.
     */
    static List<TargetChoice.Judged> replan(Targets targets, List<Integer> numbers) {
        List<TargetChoice.Judged> order = new ArrayList<>();
        for (Integer n : numbers) {
            targets.candidates.stream()
                    .filter(c -> c.number() == n)
                    .findFirst()
                    .ifPresent(c -> order.add(new TargetChoice.Judged(c, null, Optional.empty(), "resumed")));
        }
        if (order.isEmpty()) {
            throw new IllegalStateException("no saved target matches " + numbers);
        }
        return order;
    }

    private static boolean refuses(PreflightMode mode, Verdict v) {
        return switch (mode) {
            case OFF, WARN -> false;
            case ON -> v == Verdict.NEVER_FITS;
            case STRICT -> v == Verdict.NEVER_FITS || v == Verdict.NEEDS_ADMIN;
        };
    }

    /**
     * How the submit ends: every attempt in the log, the diagnoses of the attempts that moved archived with
     * the build, the last attempt's job stopped as {@code cancelOnFailure} says, then the step's result (or
     * failure) for the last attempt, with {@code attempts}, {@code clientToken} and {@code target} added.
     *
     * @throws AbortException when the step fails (the last attempt's outcome says so)
     */
    static Map<String, Object> finish(
            AttemptLoop.Result result,
            String baseToken,
            boolean failOnUnschedulable,
            boolean cancelOnFailure,
            OutputRules rules,
            boolean failOnJobFailure,
            Run<?, ?> run,
            TaskListener listener)
            throws AbortException {
        PrintStream log = listener.getLogger();
        for (Attempt a : result.attempts()) {
            log.println(a.line());
        }
        AttemptsAction.record(run, baseToken, result.attempts()); // the build page's summary (review R11)
        // The diagnosis of each attempt that moved on stays with the build, as the last one's does.
        for (Attempt a : result.attempts()) {
            Outcome o = result.outcomes().get(a.number());
            if (a.number() != last(result) && o instanceof Outcome.Unschedulable u) {
                StepOutcome.archiveOnly(u.report(), result.attempts(), run, log);
            }
        }
        JobRef job = result.job();
        Outcome outcome = result.outcome();
        if (job == null) {
            throw new AbortException(ConsoleText.strip(outcome.message()));
        }
        if (FailureCleanup.leavesJob(outcome, failOnUnschedulable)) {
            // cancelOnFailure applies to the last attempt, the one left on the platform
            log.println(FailureCleanup.apply(
                    result.target().platform(),
                    job,
                    outcome,
                    cancelOnFailure,
                    "cancelOnFailure",
                    Messages.Step_StopHint(ConsoleText.strip(job.id()))));
        }
        Map<String, Object> value = StepOutcome.apply(
                outcome,
                job,
                failOnUnschedulable,
                new StepOutcome.JobEnd(result.target().platform(), rules, failOnJobFailure),
                run,
                listener,
                null,
                result.attempts());
        Map<String, Object> withAttempts = new LinkedHashMap<>(value);
        withAttempts.put("target", result.target().label());
        withAttempts.put("clientToken", baseToken);
        withAttempts.put("attempts", maps(result.attempts()));
        return withAttempts;
    }

    private static int last(AttemptLoop.Result result) {
        return result.attempts().isEmpty()
                ? 0
                : result.attempts().get(result.attempts().size() - 1).number();
    }

    /** The attempts as the step's result lists them: plain values a script can read. */
    static List<Map<String, Object>> maps(List<Attempt> attempts) {
        List<Map<String, Object>> list = new ArrayList<>();
        for (Attempt a : attempts) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("number", a.number());
            m.put("target", ConsoleText.strip(a.target()));
            m.put("clientToken", a.clientToken());
            m.put("jobId", ConsoleText.strip(a.jobId()));
            m.put("verdict", a.verdict() == null ? "" : a.verdict().name());
            m.put("outcome", a.outcome());
            m.put("waitedSeconds", a.waited().toSeconds());
            m.put("reason", ConsoleText.strip(a.reason()));
            list.add(m);
        }
        return list;
    }
}
