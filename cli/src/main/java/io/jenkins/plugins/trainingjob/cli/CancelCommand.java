package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

@Command(name = "cancel",
        header = "Stop a job (AIHC stop, SenseCore batchStop). Stopping a stopped job succeeds.",
        description = {"The stop is asked for and not awaited; follow it with: trainjob status JOB_ID --watch."},
        footerHeading = "%nExamples:%n",
        footer = {"  trainjob cancel pytorchjob-2f1c --platform aihc --region bj --resource-pool cce-abc"})
final class CancelCommand implements Callable<Integer> {

    @ParentCommand
    TrainJob root;

    @Mixin
    ExistingJob target;

    @Override
    public Integer call() {
        Terminal terminal = root.terminal();
        var settings = target.settings(root.env());
        JobRef job;
        try (ConnectedJob connected = ConnectedJob.open(root.env(), settings, target)) {
            job = connected.job();
            connected.platform().cancel(job);
        }
        if (terminal.json()) {
            Map<String, Object> doc = new LinkedHashMap<>();
            // Only what is known: cancel has the id, not the job's name.
            doc.put("job", Map.of("id", job.id(), "platform", job.platform().id()));
            doc.put("stopped", true);
            doc.put("exitCode", ExitCode.SUCCESS);
            terminal.json(doc);
        } else {
            terminal.resultLine("stopped job " + job.id() + " on " + settings.platform().displayName());
        }
        return ExitCode.SUCCESS;
    }
}
