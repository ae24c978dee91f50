package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "submit",
        header = "Validate and submit a job; optionally wait for it and diagnose it if it stays pending.",
        description = {"Prints the job id on stdout. With --wait, follows the job (state changes on stderr);",
            "a job still queued after --pending-timeout is diagnosed, the report printed, and the exit",
            "code is 3. Ctrl-C while waiting stops the job on the platform (--no-cancel-on-interrupt",
            "leaves it running)."},
        footerHeading = "%nExamples:%n",
        footer = {"  trainjob submit job.yaml",
            "  trainjob submit job.yaml --wait scheduled --pending-timeout 10m --report-file diagnosis.md",
            "  trainjob submit job.yaml --set IMAGE_TAG=$CI_COMMIT_SHA --wait completed --timeout 6h",
            "  trainjob submit job.yaml --endpoint http://127.0.0.1:8080 --resource-pool pool-sim"})
final class SubmitCommand implements Callable<Integer> {

    @ParentCommand
    TrainJob root;

    @Mixin
    SpecOptions spec;

    @Mixin
    ConnectionOptions connection;

    @Mixin
    WaitOptions waiting;

    @Option(names = "--client-token", paramLabel = "TOKEN",
            description = "Idempotency token: submitting again with the same token finds the job instead of "
                    + "creating a second one (default: a random UUID).")
    String clientToken;

    @Option(names = "--preflight", paramLabel = "true|false|warn", defaultValue = "true",
            description = "Check the job against the pool's inventory before creating it: true refuses a job that "
                    + "can never fit (exit 3, with the report), warn reports it and submits anyway, false skips the "
                    + "check (default: ${DEFAULT-VALUE}).")
    String preflight;

    @Override
    public Integer call() {
        JobSpec job = spec.load(root.env());
        Terminal terminal = root.terminal();
        var settings = ConnectionResolver.resolve(root.env(), connection, job.platform());
        WaitMode mode = waiting.mode(WaitMode.NONE);
        waiting.checkBeforeWait(settings);
        String token = clientToken != null ? clientToken : UUID.randomUUID().toString();
        try (TrainingPlatform platform = root.env().connector().connect(settings)) {
            Integer refused = PreflightStep.run(terminal, platform, job, PreflightStep.mode(preflight), waiting.reportFile);
            if (refused != null) {
                return refused;
            }
            JobRef ref = platform.submit(job, token);
            terminal.progress("submitted job " + ref.id() + (ref.name().equals(ref.id()) ? "" : " (" + ref.name() + ")")
                    + " to " + settings.platform().displayName());
            if (mode == WaitMode.NONE) {
                if (terminal.json()) {
                    Map<String, Object> doc = new LinkedHashMap<>();
                    doc.put("job", ref);
                    doc.put("clientToken", token);
                    doc.put("exitCode", ExitCode.SUCCESS);
                    terminal.json(doc);
                } else {
                    terminal.resultLine(ref.id());
                }
                return ExitCode.SUCCESS;
            }
            if (!terminal.json()) {
                terminal.resultLine(ref.id());
            }
            try (JobFollower follower = new JobFollower(root.env(), terminal, platform)) {
                return follower.follow(ref, mode, waiting, true);
            }
        }
    }
}
