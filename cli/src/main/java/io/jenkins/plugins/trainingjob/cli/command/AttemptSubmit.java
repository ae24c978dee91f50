package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.CliEnvironment;
import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.cli.InterruptSignal;
import io.jenkins.plugins.trainingjob.cli.connection.ConnectionOptions;
import io.jenkins.plugins.trainingjob.cli.connection.ConnectionResolver;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.flow.AttemptLoop;
import io.jenkins.plugins.trainingjob.core.flow.FallbackOrder;
import io.jenkins.plugins.trainingjob.core.flow.FallbackTarget;
import io.jenkins.plugins.trainingjob.core.flow.Preflight;
import io.jenkins.plugins.trainingjob.core.flow.PreflightMode;
import io.jenkins.plugins.trainingjob.core.flow.QueueEtaSource;
import io.jenkins.plugins.trainingjob.core.flow.RetryPolicy;
import io.jenkins.plugins.trainingjob.core.flow.TargetChoice;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.monitor.WatchListener;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.Sleeper;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.report.Attempt;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code submit} with fallback targets or a retry policy: every target built and checked before anything
 * is created, pre-flight on all of them at once, then core's {@link AttemptLoop} (the one the Jenkins step
 * and builder run). Each attempt's token is printed before its create: without {@code --client-token} a
 * restarted CLI cannot find earlier attempts (the token was random); with it, it resumes mid-fallback.
 */
final class AttemptSubmit {

    /** How long pre-flight on every target may take together. */
    static final Duration PREFLIGHT_BOUND = Duration.ofSeconds(30);
    /** Status reads that confirm a stop before a move, and the wait between them. */
    static final int CONFIRM_POLLS = 12;

    static final Duration CONFIRM_INTERVAL = Duration.ofSeconds(5);

    private AttemptSubmit() {}

    /** What {@code submit} was given for this path. */
    record Request(
            JobSpec spec,
            SpecOptions specOptions,
            ConnectionOptions connection,
            ConnectionSettings settings,
            WaitOptions waiting,
            WaitMode mode,
            String token,
            boolean tokenGiven,
            List<String> fallbacks,
            FallbackOrder order,
            PreflightMode preflight,
            RetryPolicy retry) {}

    static int run(TrainJob root, Request r) {
        CliEnvironment env = root.env();
        Terminal terminal = root.terminal();
        if (r.mode() == WaitMode.NONE) {
            throw CliException.invalidInput((r.fallbacks().isEmpty() ? "--retry-limit" : "--fallback")
                    + ": needs --wait scheduled or --wait completed (a move or retry follows what the wait sees)");
        }
        if (r.retry().limit() > 0 && r.mode() != WaitMode.COMPLETED) {
            throw CliException.invalidInput(
                    "--retry-limit: needs --wait completed (a failed job is only seen " + "by waiting for it to end)");
        }
        List<FallbackTarget> targets = new ArrayList<>();
        for (int i = 0; i < r.fallbacks().size(); i++) {
            targets.add(FallbackTarget.parseOption(i + 2, r.fallbacks().get(i)));
        }
        List<TrainingPlatform> opened = new ArrayList<>();
        try {
            List<TargetChoice.Candidate> candidates = new ArrayList<>();
            TrainingPlatform primary = env.connector().connect(r.settings());
            opened.add(primary);
            candidates.add(new TargetChoice.Candidate(1, "primary", primary, r.spec(), "t1"));
            for (FallbackTarget t : targets) {
                TrainingPlatform p = env.connector().connect(settingsOf(env, r, t));
                opened.add(p);
                candidates.add(new TargetChoice.Candidate(
                        t.number(), t.label("profile"), p, specOf(env, r, t), "t" + t.number()));
            }
            TargetChoice.Plan plan = TargetChoice.choose(
                    candidates,
                    r.preflight() != PreflightMode.OFF,
                    r.order(),
                    PREFLIGHT_BOUND,
                    // One target has nothing to be compared with: no history read for a retry-only submit.
                    candidates.size() > 1
                            ? new QueueEtaSource(() -> env.clock().instant())
                            : TargetChoice.EtaSource.NONE);
            if (candidates.size() > 1) {
                plan.lines().forEach(terminal::progress);
            } else {
                // No fallback to choose: a retry-only submit follows --preflight as a plain submit does, and
                // says so in a plain submit's words (not "skipped" for a job it then submits).
                TargetChoice.Judged only = plan.order().isEmpty()
                        ? plan.skipped().get(0)
                        : plan.order().get(0);
                boolean refused = refuses(r.preflight(), only);
                if (!refused && only.preflight() != null) {
                    terminal.progress(Preflight.line(r.preflight(), only.preflight()));
                } else if (r.preflight() != PreflightMode.OFF && only.preflight() == null) {
                    terminal.progress(only.line()); // "not checked (why)"
                }
                if (plan.order().isEmpty() && !refused) {
                    plan = new TargetChoice.Plan(plan.skipped(), List.of(), List.of());
                }
            }
            if (plan.order().isEmpty()) {
                DiagnosisReport report = plan.skipped().get(0).preflight();
                int code = ExitCode.ofRefusal(report.verdict());
                PreflightStep.print(terminal, report, r.waiting().reportFile, code, r.preflight());
                return code;
            }
            return loop(root, r, plan);
        } finally {
            opened.forEach(TrainingPlatform::close);
        }
    }

    private static int loop(TrainJob root, Request r, TargetChoice.Plan plan) {
        CliEnvironment env = root.env();
        Terminal terminal = root.terminal();
        Map<String, TrainingPlatform> byId = new LinkedHashMap<>();
        plan.order()
                .forEach(j ->
                        byId.put(j.candidate().connectionId(), j.candidate().platform()));
        boolean stopOnInterrupt = r.waiting().cancelOnInterrupt(true);
        AttemptLoop loop = new AttemptLoop(
                new JobMonitor(
                        id -> {
                            TrainingPlatform p = byId.get(id);
                            if (p == null) {
                                throw new IllegalArgumentException("unknown connection " + id);
                            }
                            return p;
                        },
                        env.clock()),
                Sleeper.system(),
                () -> env.clock().instant());
        CountDownLatch finished = new CountDownLatch(1);
        AttemptLoop.Result result;
        try (InterruptSignal.Registration registration = env.interrupts().onInterrupt(() -> {
            terminal.progress("interrupted: ending the submit" + (stopOnInterrupt ? " and stopping its job" : ""));
            loop.interrupt();
            try {
                if (!finished.await(2, TimeUnit.MINUTES)) {
                    // The JVM ends after this hook: say that the submit's last job may be left as it was.
                    terminal.progress("the submit did not end within 2 minutes of the interrupt; its last job may "
                            + "still be on the platform: see trainjob list");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        })) {
            WatchListener listener = new WatchListener() {
                @Override
                public void onEvent(io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent event) {
                    terminal.progress(event.message());
                }
            };
            result = loop.run(
                    plan.order(),
                    new AttemptLoop.Settings(
                            r.token(),
                            r.tokenGiven(),
                            r.retry(),
                            r.waiting().maxWait,
                            stopOnInterrupt,
                            CONFIRM_POLLS,
                            CONFIRM_INTERVAL),
                    remaining -> r.waiting().policy(r.mode().target()),
                    listener,
                    new AttemptLoop.Hooks() {
                        @Override
                        public void beforeCreate(int attempt, String token, TargetChoice.Candidate target) {
                            terminal.progress("attempt " + attempt + " (" + target.label() + "): client token " + token
                                    + (r.tokenGiven() ? "" : " (resume only with --client-token " + r.token() + ")"));
                        }

                        @Override
                        public void line(String text) {
                            terminal.progress(text);
                        }
                    });
            for (Attempt a : result.attempts()) {
                terminal.progress(a.line());
            }
            return finish(terminal, env.interrupts(), r, result);
        } finally {
            finished.countDown();
        }
    }

    private static int finish(Terminal terminal, InterruptSignal interrupts, Request r, AttemptLoop.Result result) {
        JobRef job = result.job();
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put(
                "attempts", result.attempts().stream().map(AttemptSubmit::json).toList());
        extra.put("clientToken", r.token());
        if (job == null) {
            Outcome o = result.outcome();
            if (terminal.json()) {
                terminal.json(terminal.envelope(ExitCode.of(o), o.message()).put("attempts", extra.get("attempts")));
            } else {
                terminal.resultLine(o.message());
            }
            return ExitCode.of(o);
        }
        if (!terminal.json()) {
            terminal.resultLine(job.id());
        }
        // The job's own spec (a fallback target may have set variables) says which outputs to read.
        return WaitEnd.finish(
                terminal,
                interrupts,
                result.target().platform(),
                job,
                result.outcome(),
                r.waiting(),
                result.target().spec().outputs(),
                extra,
                result.attempts().size() > 1 ? result.attempts() : List.of(),
                null);
    }

    static Map<String, Object> json(Attempt a) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("number", a.number());
        m.put("target", a.target());
        m.put("clientToken", a.clientToken());
        m.put("jobId", a.jobId().isEmpty() ? null : a.jobId());
        m.put("verdict", a.verdict() == null ? null : a.verdict().name());
        m.put("outcome", a.outcome());
        m.put("waitedSeconds", a.waited().toSeconds());
        m.put("reason", a.reason());
        return m;
    }

    private static ConnectionSettings settingsOf(CliEnvironment env, Request r, FallbackTarget t) {
        String field = "--fallback #" + (t.number() - 1);
        ConnectionSettings s = r.settings();
        if (!t.connection().isEmpty()) {
            ConnectionOptions other = new ConnectionOptions();
            other.profile = t.connection();
            try {
                s = ConnectionResolver.resolve(env, other, r.spec().platform());
            } catch (InvalidInputException e) {
                throw CliException.invalidInput(field + " profile=" + t.connection() + ": " + e.getMessage());
            }
            if (s.platform() != r.spec().platform()) {
                throw CliException.invalidInput(field + " profile=" + t.connection() + ": the profile is for "
                        + s.platform().displayName() + "; fallback targets stay on the spec's platform ("
                        + r.spec().platform().displayName() + ")");
            }
        }
        if (!t.queue().isEmpty()) {
            s = s.withQueue(t.queue());
        }
        if (!t.resourcePool().isEmpty()) {
            s = s.withResourcePool(t.resourcePool());
        }
        return s;
    }

    private static JobSpec specOf(CliEnvironment env, Request r, FallbackTarget t) {
        try {
            return t.applyTo(
                    t.variables().isEmpty() ? r.spec() : r.specOptions().load(env, t.variables()));
        } catch (InvalidInputException e) {
            throw CliException.invalidInput(
                    "--fallback #" + (t.number() - 1) + " " + t.label("profile") + ": " + e.getMessage());
        }
    }

    /** Whether {@code mode} refuses the one target's verdict: ON only NEVER_FITS, STRICT also NEEDS_ADMIN. */
    private static boolean refuses(PreflightMode mode, TargetChoice.Judged judged) {
        Verdict v = judged.verdict();
        return switch (mode) {
            case OFF, WARN -> false;
            case ON -> v == Verdict.NEVER_FITS;
            case STRICT -> v == Verdict.NEVER_FITS || v == Verdict.NEEDS_ADMIN;
        };
    }
}
