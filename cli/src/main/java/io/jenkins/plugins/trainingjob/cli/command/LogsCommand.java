package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.cli.connection.ExistingJob;
import io.jenkins.plugins.trainingjob.cli.terminal.JsonEnvelope;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.platform.JobLogs;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.LogChunk;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
        name = "logs",
        header = "Print a worker's log (AIHC); --follow keeps printing until the job ends.",
        description = {
            "Picks the failed worker, else the master, else the first worker, unless --worker says",
            "which (its index in `trainjob status`, from 0, or its pod name). SenseCore serves logs only",
            "through its monitoring service, which this tool does not call; the command says so (exit 2)."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  trainjob logs pytorchjob-2f1c",
            "  trainjob logs pytorchjob-2f1c --worker 1 -f",
            "  trainjob logs pytorchjob-2f1c --worker pytorchjob-2f1c-worker-0 > worker-0.log"
        })
public final class LogsCommand implements Callable<Integer> {

    static final int CHUNK_LINES = 1000;

    @ParentCommand
    TrainJob root;

    @Mixin
    ExistingJob target;

    @Option(
            names = {"-w", "--worker"},
            paramLabel = "N|NAME",
            description = "The worker: its index (from 0, as `trainjob status` lists them) or its pod name.")
    String worker;

    @Option(
            names = {"-f", "--follow"},
            description = "Keep printing new lines until the job has ended.")
    boolean follow;

    @Mixin
    FollowInterval polling;

    @Override
    public Integer call() {
        Terminal terminal = root.terminal();
        var settings = target.settings(root.env());
        Duration pollInterval = polling.checked(Duration.ofSeconds(2), settings);
        JobRef job = target.ref(settings);
        try (TrainingPlatform platform = root.env().connector().connect(settings)) {
            if (!(platform instanceof JobLogs logs)) {
                throw CliException.invalidInput(settings.platform().displayName() + " serves job logs only "
                        + "through its monitoring service, which trainjob does not call; read them in the console "
                        + "or with: sco acp jobs stream-logs " + job.id());
            }
            JobStatus status = platform.status(job);
            WorkerStatus chosen = pick(status, worker);
            if (!chosen.isPlaced()) {
                terminal.progress("worker " + chosen.name() + " is not placed on a node yet: it has no log");
            }
            List<String> all = new ArrayList<>();
            String marker = null;
            try (PollLoop loop = new PollLoop(root.env())) {
                while (true) {
                    LogChunk chunk = logs.logs(status.job(), chosen.name(), marker, CHUNK_LINES);
                    print(terminal, chunk.lines(), all);
                    boolean more = chunk.lines().size() >= CHUNK_LINES;
                    marker = chunk.nextMarker();
                    if (more) {
                        continue;
                    }
                    if (!follow || status.phase().isTerminal()) {
                        break;
                    }
                    if (!loop.pause(pollInterval)) {
                        terminal.progress("interrupted: no longer following; job " + job.id() + " keeps running");
                        if (terminal.json()) {
                            terminal.json(terminal.envelope(
                                            ExitCode.INTERRUPTED,
                                            "interrupted: no longer following; " + "job " + job.id() + " keeps running")
                                    .platform(job.platform())
                                    .put("job", job)
                                    .put("lines", all)
                                    .put(
                                            "error",
                                            JsonEnvelope.error(
                                                    ExitCode.kind(ExitCode.INTERRUPTED),
                                                    java.util.List.of("interrupted while following"))));
                        }
                        return ExitCode.INTERRUPTED;
                    }
                    // Read the state before the lines: lines written before the job ended are then all fetched.
                    status = platform.status(job);
                }
            }
            if (terminal.json()) {
                terminal.json(terminal.envelope(
                                ExitCode.SUCCESS,
                                all.size() + (all.size() == 1 ? " line" : " lines") + " of worker " + chosen.name())
                        .platform(status.job().platform())
                        .put("job", status.job())
                        .put("worker", chosen.name())
                        .put("lines", all));
            }
        }
        return ExitCode.SUCCESS;
    }

    private static void print(Terminal terminal, List<String> lines, List<String> all) {
        for (String line : lines) {
            String clean = ConsoleText.strip(line);
            all.add(clean);
            if (!terminal.json()) {
                terminal.resultLine(clean);
            }
        }
    }

    /** The worker asked for, else the one a person looks at first when a job failed. */
    static WorkerStatus pick(JobStatus status, String wanted) {
        List<WorkerStatus> workers = status.workers().stream()
                .sorted(Comparator.comparing(WorkerStatus::name))
                .toList();
        if (workers.isEmpty()) {
            throw CliException.invalidInput("job " + status.job().id() + " has no workers yet (state " + status.phase()
                    + "): nothing has logged");
        }
        if (wanted != null) {
            if (wanted.matches("\\d{1,4}")) {
                int i = Integer.parseInt(wanted);
                if (i >= workers.size()) {
                    throw CliException.invalidInput("--worker: job "
                            + status.job().id() + " has " + workers.size()
                            + (workers.size() == 1 ? " worker (0)" : " workers (0-" + (workers.size() - 1) + ")")
                            + ", not " + i);
                }
                return workers.get(i);
            }
            return workers.stream()
                    .filter(w -> w.name().equals(wanted))
                    .findFirst()
                    .orElseThrow(() -> CliException.invalidInput("--worker: job "
                            + status.job().id()
                            + " has no worker " + wanted + "; its workers: "
                            + String.join(
                                    ", ",
                                    workers.stream().map(WorkerStatus::name).toList())));
        }
        return workers.stream()
                .filter(w -> w.phase().equalsIgnoreCase("Failed"))
                .findFirst()
                .or(() -> workers.stream()
                        .filter(w -> w.name().contains("master"))
                        .findFirst())
                .orElse(workers.get(0));
    }
}
