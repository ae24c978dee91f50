package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.cli.connection.ExistingJob;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
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
        OutputRules outputs = spec == null
                ? OutputRules.none()
                : specOptions().load(root.env()).outputs();
        Terminal terminal = root.terminal();
        var settings = target.settings(root.env());
        JobRef job = target.ref(settings);
        waiting.checkBeforeWait(settings);
        waiting.checkOutputs(outputs);
        if (spec == null && waiting.outputsFile != null) {
            terminal.progress("outputs: without --spec no outputs are read, only STATUS is written; "
                    + "give --spec FILE for the outputs the spec declares");
        }
        try (TrainingPlatform platform = root.env().connector().connect(settings);
                JobFollower follower = new JobFollower(root.env(), terminal, platform)) {
            return follower.readingOutputs(outputs).follow(ExistingJob.named(platform, job), mode, waiting, false);
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
