package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.cli.connection.ConnectionOptions;
import io.jenkins.plugins.trainingjob.cli.connection.ConnectionResolver;
import io.jenkins.plugins.trainingjob.cli.terminal.InterruptNote;
import io.jenkins.plugins.trainingjob.cli.terminal.SubmitGuard;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.flow.FallbackOrder;
import io.jenkins.plugins.trainingjob.core.flow.IdempotentSubmitter;
import io.jenkins.plugins.trainingjob.core.flow.Preflight;
import io.jenkins.plugins.trainingjob.core.flow.RetryPolicy;
import io.jenkins.plugins.trainingjob.core.flow.ReusePolicy;
import io.jenkins.plugins.trainingjob.core.flow.SpecReuse;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.platform.ClientToken;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.QuotaExceededException;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.UncertainCreateException;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreJobName;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.spec.SpecDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
        name = "submit",
        header = "Validate and submit a job; optionally wait for it and diagnose it if it stays pending.",
        description = {
            "Prints the job id on stdout. With --wait, follows the job (state changes on stderr);",
            "a job still queued after --pending-timeout is diagnosed, the report printed, and the exit",
            "code says what may help: 3 never fits, 6 retry later, 7 needs the pool administrator.",
            "Ctrl-C or SIGTERM at any moment, the create call included, stops the job on the platform",
            "(--no-cancel-on-interrupt leaves it running and prints its id). A job left by exit 3, 4, 6 or",
            "7 is named with the command that stops it (--cancel-on-failure stops it).",
            "The client token is the job's identity: submitting again with the same token returns the",
            "job it created (exit 0); a different spec under the same token is refused."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  trainjob submit job.yaml",
            "  trainjob submit job.yaml --wait scheduled --pending-timeout 10m --report-file diagnosis.md",
            "  trainjob submit job.yaml --set IMAGE_TAG=$CI_COMMIT_SHA --wait completed --timeout 6h",
            "  trainjob submit job.yaml --client-token \"$CI_PIPELINE_ID-train\" --wait scheduled --cancel-on-failure",
            "  trainjob submit job.yaml --endpoint http://127.0.0.1:8080 --resource-pool pool-sim",
            "  trainjob submit job.yaml --wait scheduled --fallback queue=spot --fallback profile=bj-b,queue=q3",
            "  trainjob submit job.yaml --wait completed --retry-limit 2 --retry-on-exit-codes 137 --retry-backoff 1m"
        })
public final class SubmitCommand implements Callable<Integer> {

    @ParentCommand
    TrainJob root;

    @Mixin
    SpecOptions spec;

    @Mixin
    ConnectionOptions connection;

    @Mixin
    WaitOptions waiting;

    @Option(
            names = "--client-token",
            paramLabel = "TOKEN",
            description = "The job's identity: submitting again with the same token returns the job it created "
                    + "instead of creating a second one; another spec under it is refused (default: a random UUID). "
                    + "1-63 letters, digits, '-', '_' or '.'.")
    String clientToken;

    @Option(
            names = "--reuse",
            paramLabel = "never|succeeded|any",
            defaultValue = "never",
            description = "Return an earlier job of the same rendered spec and --set values instead of submitting: "
                    + "succeeded returns one whose state is SUCCEEDED (any other state, or a deleted job, submits "
                    + "again), any returns the newest whatever its state. The job's client token is then the "
                    + "spec's digest (tj-<hex>), so --client-token is not given with it (default: ${DEFAULT-VALUE}).")
    String reuse;

    @Option(
            names = "--preflight",
            paramLabel = "true|strict|warn|false",
            defaultValue = "true",
            description = "Check the job against the pool's inventory before creating it: true refuses a job that "
                    + "can never fit (exit 3, with the report) and submits one that needs the pool administrator "
                    + "after a warning line, strict refuses that one too (exit 7), warn reports and submits "
                    + "anyway, false skips the check (default: ${DEFAULT-VALUE}).")
    String preflight;

    @Option(
            names = "--fallback",
            paramLabel = "KEY=VALUE[,KEY=VALUE...]",
            description = "Another target on the spec's platform, tried in turn when the job cannot start where it is "
                    + "(repeatable): keys queue, resource-pool, profile and set.NAME (a value for $${NAME} there; "
                    + "values cannot hold a comma), e.g. --fallback queue=spot. Needs --wait.")
    List<String> fallbacks = new ArrayList<>();

    @Option(
            names = "--fallback-order",
            paramLabel = "best|given",
            defaultValue = "best",
            description =
                    "best: the first target that fits now, else the soonest ETA; given: the order given, skipping "
                            + "only targets that never fit (default: ${DEFAULT-VALUE}). --preflight false keeps the given order.")
    String fallbackOrder;

    @Option(
            names = "--retry-limit",
            paramLabel = "N",
            description =
                    "Retry a failed job on the same target up to N times (0-10; needs --wait completed and "
                            + "--retry-on-exit-codes or --retry-on-preemption). Never retries bad input or a job that never fits.")
    Integer retryLimit;

    @Option(
            names = "--retry-on-exit-codes",
            paramLabel = "CODES",
            description = "Exit codes that retry, e.g. 137,143 or 128-255.")
    String retryOnExitCodes;

    @Option(
            names = "--retry-on-preemption",
            negatable = false,
            description = "Retry a job the platform says it preempted.")
    boolean retryOnPreemption;

    @Option(names = "--retry-backoff", paramLabel = "DURATION", description = "Wait this long before each retry.")
    String retryBackoff;

    @Override
    public Integer call() {
        if (clientToken != null) {
            // Core's rule for both platforms, named as typed; ExitCode maps the refusal to exit 2.
            ClientToken.require("--client-token", clientToken);
        }
        ReusePolicy reusePolicy = ReusePolicy.parse(reuse, "--reuse");
        if (reusePolicy != ReusePolicy.NEVER && clientToken != null) {
            throw CliException.invalidInput("--client-token: not with --reuse " + reusePolicy.text()
                    + ", which names the job by the spec's digest (tj-<hex>); leave one of them out");
        }
        JobSpec job = spec.load(root.env());
        Terminal terminal = root.terminal();
        ConnectionSettings settings = ConnectionResolver.resolve(root.env(), connection, job.platform());
        WaitMode mode = waiting.mode(WaitMode.NONE);
        waiting.checkBeforeWait(settings);
        waiting.checkOutputs(job.outputs());
        boolean tokenGiven = clientToken != null || reusePolicy != ReusePolicy.NEVER;
        String token = clientToken != null ? clientToken : UUID.randomUUID().toString();
        SpecReuse.Reused reused = null;
        boolean stopOnInterrupt = mode != WaitMode.NONE && waiting.cancelOnInterrupt(true);
        FallbackOrder order = FallbackOrder.parse("--fallback-order", fallbackOrder);
        RetryPolicy retry = RetryPolicy.parse(
                RetryPolicy.Fields.CLI, retryLimit, retryOnExitCodes, retryOnPreemption, retryBackoff);
        if (!fallbacks.isEmpty() || retry.limit() > 0) {
            return AttemptSubmit.run(
                    root,
                    new AttemptSubmit.Request(
                            job,
                            spec,
                            connection,
                            settings,
                            waiting,
                            mode,
                            token,
                            tokenGiven,
                            fallbacks,
                            order,
                            PreflightStep.mode(preflight),
                            retry));
        }
        try (TrainingPlatform platform = root.env().connector().connect(settings)) {
            // Until the submit guard takes over, an interrupt ends the JVM with nothing created: the launcher's
            // hook says so, so a CI log shows why the step ended.
            InterruptNote.set("interrupted before anything was submitted; no job was created");
            Optional<IdempotentSubmitter.Submitted> existing;
            PreflightStep.Decision preflighted = PreflightStep.Decision.SKIPPED;
            try {
                if (reusePolicy != ReusePolicy.NEVER) {
                    SpecReuse.Decision decision =
                            SpecReuse.decide(platform, job, SpecDigest.reuseToken(job, spec.variables()), reusePolicy);
                    token = decision.clientToken();
                    reused = decision.reused().orElse(null);
                    if (reused == null) {
                        decision.notChecked()
                                .forEach(n -> terminal.progress(
                                        "reuse " + reusePolicy.text() + ": found no job to reuse; not checked: " + n));
                    }
                }
                // A used token returns its job: the pre-flight check must not refuse a job that exists.
                existing = reused != null
                        ? Optional.of(new IdempotentSubmitter.Submitted(reused.job(), true, token))
                        : tokenGiven ? IdempotentSubmitter.existing(platform, job, token) : Optional.empty();
                if (existing.isEmpty()) {
                    preflighted = PreflightStep.run(
                            terminal, platform, job, PreflightStep.mode(preflight), waiting.reportFile);
                    if (preflighted.exit() != null) {
                        return preflighted.exit();
                    }
                }
            } finally {
                InterruptNote.clear();
            }
            return submitGuarded(
                    platform,
                    job,
                    settings,
                    mode,
                    token,
                    tokenGiven,
                    stopOnInterrupt,
                    existing,
                    preflighted.report(),
                    reused);
        }
    }

    /** From just before the create: Ctrl-C and SIGTERM are the guard's from here on. */
    private int submitGuarded(
            TrainingPlatform platform,
            JobSpec job,
            ConnectionSettings settings,
            WaitMode mode,
            String token,
            boolean tokenGiven,
            boolean stopOnInterrupt,
            Optional<IdempotentSubmitter.Submitted> existing,
            DiagnosisReport preflighted,
            SpecReuse.Reused reused) {
        Terminal terminal = root.terminal();
        try (SubmitGuard guard =
                new SubmitGuard(root.env(), terminal, job.name(), token, stopOnInterrupt, createBudget(settings))) {
            IdempotentSubmitter.Submitted submitted;
            try {
                submitted = existing.isPresent() ? existing.get() : IdempotentSubmitter.create(platform, job, token);
            } catch (UncertainCreateException e) {
                CliException failure = new CliException(
                        ExitCode.PLATFORM_ERROR,
                        e.getMessage() + "; find it with: " + findCommand(settings, e, token, tokenGiven),
                        e);
                if (guard.interrupted()) {
                    return root.fail(failure); // printed before the guard lets an interrupted JVM end
                }
                throw failure;
            } catch (QuotaExceededException e) {
                CliException failure = quotaRefusal(platform, job, e);
                if (guard.interrupted()) {
                    return root.fail(failure);
                }
                throw failure;
            } catch (RuntimeException e) {
                if (guard.interrupted()) {
                    return root.fail(e);
                }
                throw e;
            }
            JobRef ref = submitted.job();
            boolean interrupted = guard.created(ref);
            terminal.progress(reused != null ? reused.message(root.env().clock().instant()) : submitted.message());
            Map<String, Object> reuse = reused == null ? null : reuseJson(reused);
            if (mode == WaitMode.NONE || interrupted) {
                if (terminal.json()) {
                    Map<String, Object> submission = new LinkedHashMap<>();
                    submission.put("clientToken", token);
                    submission.put("alreadySubmitted", submitted.alreadySubmitted());
                    submission.put("interrupted", interrupted);
                    if (reuse != null) {
                        submission.put("reused", reuse);
                    }
                    terminal.json(terminal.envelope(
                                    interrupted ? ExitCode.INTERRUPTED : ExitCode.SUCCESS, submitted.message())
                            .platform(ref.platform())
                            .put("job", ref)
                            .put("submission", submission));
                } else {
                    terminal.resultLine(ref.id());
                }
                return interrupted ? guard.stopAfterInterrupt(platform, ref, null) : ExitCode.SUCCESS;
            }
            if (!terminal.json()) {
                terminal.resultLine(ref.id());
            }
            Preflight.waitNote(preflighted).ifPresent(terminal::progress);
            try (JobFollower follower = new JobFollower(root.env(), terminal, platform)) {
                if (reuse != null) {
                    follower.with("reused", reuse);
                }
                return follower.readingOutputs(job.outputs()).follow(ref, mode, waiting, true, guard);
            }
        }
    }

    /** {@code reused} in the JSON: which earlier job came back instead of a submit, and its state then. */
    private static Map<String, Object> reuseJson(SpecReuse.Reused reused) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("jobId", reused.job().id());
        doc.put("clientToken", reused.clientToken());
        doc.put("phase", reused.status().phase().name());
        if (reused.status().finishedAt() != null) {
            doc.put("finishedAt", reused.status().finishedAt().toString());
        }
        return doc;
    }

    /**
     * A create refused for quota (SenseCore {@code MEMBER_QUOTA_EXCEEDED}) is no outage: 7 when pre-flight's
     * reading of the workspace's reservation proves the job alone needs more than it (only an administrator
     * helps), else 6 (running jobs hold the quota; submitting later may pass). Pre-flight is read here even
     * with {@code --preflight false}: the refusal already happened, the read only classifies it.
     */
    private static CliException quotaRefusal(TrainingPlatform platform, JobSpec job, QuotaExceededException e) {
        int code;
        try {
            code = ExitCode.ofQuotaRefusal(Preflight.check(platform, job));
        } catch (RuntimeException unreadable) {
            code = ExitCode.ofQuotaRefusal(null);
        }
        String why = code == ExitCode.NEEDS_ADMIN
                ? "the job alone needs more than the workspace's reserved quota: ask for fewer devices, or ask the "
                        + "administrator for more quota"
                : "running jobs hold the quota: submit again when they finish";
        return new CliException(code, e.getMessage() + " (" + why + ")", e);
    }

    /**
     * The command that finds an uncertain create's job later: by its token, except on SenseCore with a
     * spec that names the job (the name is the token there).
     */
    private static String findCommand(
            ConnectionSettings settings, UncertainCreateException e, String token, boolean tokenGiven) {
        String platform = "trainjob status --platform " + settings.platform().id();
        if (settings.platform() == PlatformKind.SENSECORE
                && !e.jobName().isEmpty()
                && !e.jobName().equals(SenseCoreJobName.fromClientToken(token))) {
            return platform + " " + e.jobName();
        }
        return platform + " --client-token " + token
                + (tokenGiven ? "" : " (or submit again with --client-token " + token + ")");
    }

    /** How long a create may still take: its call timeout, then the token look-ups (about a read timeout). */
    private static Duration createBudget(ConnectionSettings settings) {
        return settings.http().callTimeout().plus(settings.http().readTimeout()).plusSeconds(30);
    }
}
