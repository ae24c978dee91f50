package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.connection.ConnectionOptions;
import io.jenkins.plugins.trainingjob.cli.connection.ConnectionResolver;
import io.jenkins.plugins.trainingjob.cli.terminal.InterruptNote;
import io.jenkins.plugins.trainingjob.core.flow.FallbackOrder;
import io.jenkins.plugins.trainingjob.core.flow.FallbackTarget;
import io.jenkins.plugins.trainingjob.core.flow.RetryPolicy;
import io.jenkins.plugins.trainingjob.core.flow.ReusePolicy;
import io.jenkins.plugins.trainingjob.core.flow.SubmitFlow;
import io.jenkins.plugins.trainingjob.core.flow.SubmitRequest;
import io.jenkins.plugins.trainingjob.core.flow.SubmitStore;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.platform.ClientToken;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
            "  trainjob submit job.yaml --wait completed --retry-limit 2 --retry-on-exit-codes 137 --retry-backoff 1m",
            "  trainjob submit job.yaml --wait scheduled --baseline last-start.json --snapshot-file last-start.json"
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

    @Mixin
    SnapshotOptions snapshots;

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
        // Until the submit's own handler listens (SubmitRun), an interrupt ends the JVM with nothing created:
        // the launcher's hook says so, so a CI log shows why the step ended.
        InterruptNote.set("interrupted before anything was submitted; no job was created");
        if (clientToken != null) {
            // Core's rule for both platforms, named as typed, before anything is read or resolved.
            ClientToken.require("--client-token", clientToken);
        }
        ReusePolicy reusePolicy = ReusePolicy.parse(reuse, "--reuse");
        JobSpec job = spec.load(root.env());
        ConnectionSettings settings = ConnectionResolver.resolve(root.env(), connection, job.platform());
        WaitMode mode = waiting.mode(WaitMode.NONE);
        waiting.checkBeforeWait(settings);
        waiting.checkOutputs(job.outputs());
        List<FallbackTarget> targets = new ArrayList<>();
        for (int i = 0; i < fallbacks.size(); i++) {
            targets.add(FallbackTarget.parseOption(i + 2, fallbacks.get(i), CliFieldNames.INSTANCE));
        }
        SubmitRequest request = SubmitRequest.builder(CliFieldNames.INSTANCE)
                .waiting(mode, mode == WaitMode.NONE ? null : waiting.policy(mode.target()), waiting.budget())
                .clientToken(clientToken)
                .reuse(reusePolicy, spec.variables())
                .preflight(PreflightStep.mode(preflight))
                .fallbacks(targets, FallbackOrder.parse("--fallback-order", fallbackOrder))
                .retry(RetryPolicy.parse(
                        CliFieldNames.INSTANCE, retryLimit, retryOnExitCodes, retryOnPreemption, retryBackoff))
                .stopping(mode != WaitMode.NONE && waiting.cancelOnInterrupt(true), waiting.cancelOnFailure(false))
                .snapshots(snapshots.store(root.terminal()))
                .build();
        try (CliTargets bound = new CliTargets(root.env(), spec, settings, job);
                JobMonitor monitor = new JobMonitor(bound, root.env().clock());
                SubmitProgress progress = new SubmitProgress(
                        root.env(), root.terminal(), clientToken != null, !request.severalAttempts())) {
            SubmitRun run = new SubmitRun(root, request, waiting, progress, createBudget(settings));
            return run.run(
                    () -> SubmitFlow.start(monitor, request, bound.primary(), bound, progress, SubmitStore.NONE));
        }
    }

    /** How long a create may still take: its call timeout, then the token look-ups (about a read timeout). */
    private static Duration createBudget(ConnectionSettings settings) {
        return settings.http().callTimeout().plus(settings.http().readTimeout()).plusSeconds(30);
    }
}
