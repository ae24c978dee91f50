package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.cli.connection.ExistingJob;
import io.jenkins.plugins.trainingjob.core.flow.BoundTarget;
import io.jenkins.plugins.trainingjob.core.flow.PreflightMode;
import io.jenkins.plugins.trainingjob.core.flow.SubmitFlow;
import io.jenkins.plugins.trainingjob.core.flow.SubmitRequest;
import io.jenkins.plugins.trainingjob.core.flow.SubmitStore;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.OutputRules;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
        name = "await",
        header = "Wait for a submitted job; diagnose it if it stays pending.",
        description =
                "Waits until every worker is placed (default) or the job finishes. A job still queued "
                        + "after --pending-timeout gets a schedule diagnosis; its report is printed and the exit code is 3 (never fits), 6 (retry later) or 7 (needs the administrator).",
        footerHeading = "%nExamples:%n",
        footer = {
            "  trainjob await pytorchjob-2f1c --platform aihc --region bj --resource-pool cce-abc",
            "  trainjob await pt-7x2kq --platform sensecore --wait completed --timeout 6h",
            "  trainjob await pytorchjob-2f1c --pending-timeout 15m --report-file diagnosis.html",
            "  trainjob await pytorchjob-2f1c --wait completed --spec leg.yaml --set LR=3e-4 --outputs-file leg.env"
        })
public final class AwaitCommand implements Callable<Integer> {

    @ParentCommand
    TrainJob root;

    @Mixin
    ExistingJob target;

    @Mixin
    WaitOptions waiting;

    @Mixin
    SnapshotOptions snapshots;

    @Option(
            names = "--spec",
            paramLabel = "FILE",
            description = "The job's spec: its 'outputs' are read from the log when the job ends, as submit reads "
                    + "them (without it, no outputs are read); - reads it from standard input.")
    Path spec;

    @Option(
            names = "--set",
            paramLabel = "KEY=VALUE",
            description = "A value for $${KEY} in --spec, as for submit (repeatable).")
    List<String> assignments = new ArrayList<>();

    @Override
    public Integer call() {
        WaitMode mode = waiting.mode(WaitMode.SCHEDULED);
        if (mode == WaitMode.NONE) {
            throw CliException.invalidInput("--wait none: await needs something to wait for (scheduled or completed)");
        }
        if (spec == null && !assignments.isEmpty()) {
            throw CliException.invalidInput("--set: only with --spec, whose ${KEY} it fills");
        }
        if (spec == null && snapshots.given()) {
            throw CliException.invalidInput((snapshots.snapshotFile != null ? "--snapshot-file" : "--baseline")
                    + ": only with --spec: a snapshot holds what the job asks for, which its spec says");
        }
        JobSpec jobSpec = spec == null ? null : specOptions().load(root.env());
        OutputRules outputs = jobSpec == null ? OutputRules.none() : jobSpec.outputs();
        var settings = target.settings(root.env());
        JobRef job = target.ref(settings);
        if (jobSpec != null && jobSpec.platform() != settings.platform()) {
            throw CliException.invalidInput(
                    "--spec: the spec is for " + jobSpec.platform().displayName() + ", the job is on "
                            + settings.platform().displayName());
        }
        waiting.checkBeforeWait(settings);
        waiting.checkOutputs(outputs);
        if (spec == null && waiting.outputsFile != null) {
            root.terminal()
                    .progress("outputs: without --spec no outputs are read, only STATUS is written; "
                            + "give --spec FILE for the outputs the spec declares");
        }
        SubmitRequest request = SubmitRequest.builder(CliFieldNames.INSTANCE)
                .waiting(mode, waiting.policy(mode.target()), waiting.budget())
                .preflight(PreflightMode.OFF)
                .stopping(waiting.cancelOnInterrupt(false), waiting.cancelOnFailure(false))
                .snapshots(snapshots.store(root.terminal()))
                .build();
        // the spec only says which outputs the job's log holds: nothing is submitted
        try (CliTargets bound = new CliTargets(root.env(), null, settings, jobSpec);
                JobMonitor monitor = new JobMonitor(bound, root.env().time());
                SubmitProgress progress = new SubmitProgress(root.env(), root.terminal(), true, false)) {
            BoundTarget where = bound.primary();
            JobRef named = ExistingJob.named(where.platform(), job);
            SubmitRun run = new SubmitRun(root, request, waiting, progress, java.time.Duration.ZERO);
            return run.run(() -> SubmitFlow.follow(monitor, request, where, named, progress, SubmitStore.NONE));
        }
    }

    /** --spec and --set as submit takes them, so a spec loads (and fails) the same way. */
    private SpecOptions specOptions() {
        SpecOptions options = new SpecOptions();
        options.file = spec;
        options.assignments = assignments;
        return options;
    }
}
