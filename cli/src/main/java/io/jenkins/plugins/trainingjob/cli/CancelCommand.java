package io.jenkins.plugins.trainingjob.cli;

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

@Command(name = "cancel",
        header = "Stop a job (AIHC stop, SenseCore batchStop). A job that already ended is left as it is (exit 0).",
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
        JobStatus ended;
        try (ConnectedJob connected = ConnectedJob.open(root.env(), settings, target)) {
            job = connected.job();
            ended = endedStatus(connected.platform(), job);
            if (ended == null) {
                connected.platform().cancel(job);
            }
        }
        String line = ended == null ? "stopped job " + job.id() + " on " + settings.platform().displayName()
                : "job " + ended.job().id() + " already ended (" + ended.phase()
                        + (ended.rawState().isEmpty() || ended.rawState().equalsIgnoreCase(ended.phase().name())
                        ? "" : ", " + ended.rawState()) + "); nothing to stop";
        if (terminal.json()) {
            Map<String, Object> cancel = new LinkedHashMap<>();
            cancel.put("stopped", ended == null);
            cancel.put("alreadyEnded", ended != null);
            if (ended != null) {
                cancel.put("state", ended.phase().name());
            }
            // Only what is known: without a status read, cancel has the id, not the job's name.
            terminal.json(terminal.envelope(ExitCode.SUCCESS, line).platform(job.platform())
                    .put("job", ended == null ? job : ended.job()).put("cancel", cancel));
        } else {
            terminal.resultLine(line);
        }
        return ExitCode.SUCCESS;
    }

    /**
     * The job's status when it has already ended (nothing to stop, and saying "stopped" would be false);
     * {@code null} when it may still run, or when its state could not be read (then the stop is asked for
     * anyway: stopping is idempotent). A job the platform does not know is an error, as for status.
     */
    private static JobStatus endedStatus(TrainingPlatform platform, JobRef job) {
        JobStatus status;
        try {
            status = platform.status(job);
        } catch (NotFoundException | AuthenticationException e) {
            throw e;
        } catch (PlatformException e) {
            return null;
        }
        return status.phase().isTerminal() ? status : null;
    }
}
