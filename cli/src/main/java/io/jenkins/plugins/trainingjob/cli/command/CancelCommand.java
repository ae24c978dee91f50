package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.cli.connection.ConnectedJob;
import io.jenkins.plugins.trainingjob.cli.connection.ExistingJob;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.NotFoundException;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

@Command(
        name = "cancel",
        header = "Stop a job (AIHC stop, SenseCore batchStop). A job that already ended is left as it is (exit 0).",
        description = {"The stop is asked for and not awaited; follow it with: trainjob status JOB_ID --watch."},
        footerHeading = "%nExamples:%n",
        footer = {"  trainjob cancel pytorchjob-2f1c --platform aihc --region bj --resource-pool cce-abc"})
public final class CancelCommand implements Callable<Integer> {

    @ParentCommand
    TrainJob root;

    @Mixin
    ExistingJob target;

    @Override
    public Integer call() {
        Terminal terminal = root.terminal();
        var settings = target.settings(root.env());
        JobRef job;
        JobStatus status;
        boolean ended;
        try (ConnectedJob connected = ConnectedJob.open(root.env(), settings, target)) {
            job = connected.job();
            status = statusOf(connected.platform(), job);
            ended = status != null && status.phase().isTerminal();
            if (!ended) {
                connected.platform().cancel(job);
            }
        }
        String line = !ended
                ? "stopped job " + job.id() + " on " + settings.platform().displayName()
                : "job " + job.id() + " already ended (" + status.phase()
                        + (status.rawState().isEmpty()
                                        || status.rawState()
                                                .equalsIgnoreCase(status.phase().name())
                                ? ""
                                : ", " + status.rawState())
                        + "); nothing to stop";
        if (terminal.json()) {
            Map<String, Object> cancel = new LinkedHashMap<>();
            cancel.put("stopped", !ended);
            cancel.put("alreadyEnded", ended);
            if (ended) {
                cancel.put("state", status.phase().name());
            }
            // Only what is known: the job's name only when its status could be read.
            Object named = status != null
                    ? status.job()
                    : Map.of("id", job.id(), "platform", job.platform().id());
            terminal.json(terminal.envelope(ExitCode.SUCCESS, line)
                    .platform(job.platform())
                    .put("job", named)
                    .put("cancel", cancel));
        } else {
            terminal.resultLine(line);
        }
        return ExitCode.SUCCESS;
    }

    /**
     * The job's status, read first: a job that already ended has nothing to stop, and saying "stopped" would
     * be false. {@code null} when it could not be read; the stop is asked for anyway (stopping is
     * idempotent). A job the platform does not know, or a refused key, is an error as for status.
     */
    private static JobStatus statusOf(TrainingPlatform platform, JobRef job) {
        try {
            return platform.status(job);
        } catch (NotFoundException | AuthenticationException e) {
            throw e;
        } catch (PlatformException e) {
            return null;
        }
    }
}
