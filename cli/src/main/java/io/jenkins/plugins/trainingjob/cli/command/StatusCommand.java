package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.cli.connection.ConnectedJob;
import io.jenkins.plugins.trainingjob.cli.connection.ExistingJob;
import io.jenkins.plugins.trainingjob.cli.terminal.JsonEnvelope;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
        name = "status",
        header = "Show a job's state, queue position and workers.",
        description = {
            "With --watch, polls until the job has ended and prints a line each time its state, queue",
            "position or placed workers change (one live line on a terminal), then the final status."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  trainjob status pytorchjob-2f1c --platform aihc --region bj --resource-pool cce-abc",
            "  trainjob status pt-7x2kq --platform sensecore -o json",
            "  trainjob status pytorchjob-2f1c --watch",
            "  trainjob status pytorchjob-2f1c --ahead",
            "  trainjob status --client-token build-1234-train"
        })
public final class StatusCommand implements Callable<Integer> {

    @ParentCommand
    TrainJob root;

    @Mixin
    ExistingJob target;

    @Option(
            names = {"-w", "--watch"},
            description = "Keep polling until the job has ended; print each change.")
    boolean watch;

    @Mixin
    FollowInterval polling;

    @Option(
            names = "--ahead",
            description = "For a pending job: the jobs ahead of it in the queue (name, GPUs, age, id), and the "
                    + "basis of its ETA (a pending job's status always shows the ETA when the queue's history "
                    + "can be read).")
    boolean ahead;

    @Override
    public Integer call() {
        Terminal terminal = root.terminal();
        var settings = target.settings(root.env());
        Duration pollInterval = polling.checked(Duration.ofSeconds(5), settings);
        try (ConnectedJob connected = ConnectedJob.open(root.env(), settings, target)) {
            TrainingPlatform platform = connected.platform();
            JobStatus status = platform.status(connected.job());
            if (watch && !status.phase().isTerminal()) {
                status = StatusWatch.watch(root.env(), terminal, platform, status, pollInterval);
                if (status == null) {
                    if (terminal.json()) {
                        terminal.json(terminal.envelope(
                                        ExitCode.INTERRUPTED,
                                        "interrupted: no longer watching job "
                                                + connected.job().id())
                                .platform(connected.job().platform())
                                .put("job", connected.job())
                                .put(
                                        "error",
                                        JsonEnvelope.error(
                                                ExitCode.kind(ExitCode.INTERRUPTED),
                                                java.util.List.of("interrupted while watching"))));
                    }
                    return ExitCode.INTERRUPTED;
                }
            }
            QueueView queue = null;
            if (status.phase() == JobPhase.PENDING) {
                try {
                    queue = QueueView.read(
                            platform,
                            status,
                            settings.target().defaultQueue(),
                            root.env().time().now());
                } catch (PlatformException e) {
                    if (ahead) {
                        throw e;
                    }
                    // A plain status shows the ETA when it can be had; one that cannot costs nothing but the line.
                }
            }
            if (terminal.json()) {
                JsonEnvelope doc = terminal.envelope(
                                ExitCode.SUCCESS,
                                "job " + status.job().id() + " is " + status.phase()
                                        + (status.rawState().isEmpty() ? "" : " (" + status.rawState() + ")"))
                        .platform(status.job().platform())
                        .put("job", status.job())
                        .put("status", status);
                if (queue != null) {
                    doc.put("eta", queue.etaJson());
                }
                if (queue != null && ahead) {
                    doc.put("ahead", queue.aheadJson());
                }
                terminal.json(doc);
            } else {
                terminal.result(describe(status)
                        + (queue == null
                                ? ""
                                : ahead ? queue.text(root.env().time().now()) : queue.etaText())
                        + recentEvents(platform, status));
            }
        }
        return ExitCode.SUCCESS;
    }

    /**
     * The last events of a job that waits or failed, as {@code kubectl describe} shows them: the scheduler's
     * FailedScheduling message says more than {@code reason Unschedulable}. Best effort: a platform that
     * refuses events (or fails) leaves them out.
     */
    static String recentEvents(TrainingPlatform platform, JobStatus s) {
        if (s.phase() != JobPhase.PENDING && s.phase() != JobPhase.FAILED) {
            return "";
        }
        List<JobEvent> events;
        try {
            events = platform.events(s.job());
        } catch (PlatformException e) {
            return "";
        }
        if (events == null || events.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("events\n");
        events.stream()
                .skip(Math.max(0, events.size() - 3))
                .forEach(e -> fold(
                        sb,
                        ConsoleText.strip((e.type().isEmpty() ? "" : e.type() + " ") + e.reason() + ": " + e.message()
                                + (e.count() > 1 ? " (x" + e.count() + ")" : ""))));
        return sb.toString();
    }

    /** One event, folded at spaces to 100 columns, never cut: its tail names the blockers. */
    private static void fold(StringBuilder sb, String text) {
        String indent = "  ";
        while (indent.length() + text.length() > 100) {
            int cut = text.lastIndexOf(' ', 100 - indent.length());
            if (cut <= 0) {
                cut = 100 - indent.length();
            }
            sb.append(indent).append(text, 0, cut).append('\n');
            text = text.substring(cut).stripLeading();
            indent = "      ";
        }
        sb.append(indent).append(text).append('\n');
    }

    static String describe(JobStatus s) {
        StringBuilder sb = new StringBuilder();
        line(
                sb,
                "job",
                s.job().id()
                        + (s.job().name().equals(s.job().id())
                                ? ""
                                : " (" + s.job().name() + ")"));
        line(sb, "platform", s.job().platform().displayName());
        line(sb, "state", s.phase() + (s.rawState().isEmpty() ? "" : " (" + s.rawState() + ")"));
        if (s.queuePosition() != null) {
            line(sb, "queue", "position " + s.queuePosition());
        }
        line(sb, "created", time(s.createdAt()));
        line(sb, "started", time(s.startedAt()));
        line(sb, "finished", time(s.finishedAt()));
        if (!s.reason().isEmpty()) {
            line(sb, "reason", s.reason());
        }
        if (s.consoleUrl() != null) {
            line(sb, "console", s.consoleUrl());
        }
        long placed = s.workers().stream().filter(WorkerStatus::isPlaced).count();
        line(sb, "workers", s.workers().size() + " (" + placed + " placed)");
        // Worker and node names whole (they are copied into logs --worker and kubectl): a long line folds.
        s.workers().stream()
                .sorted(Comparator.comparing(WorkerStatus::name))
                .forEach(w -> fold(
                        sb,
                        ConsoleText.strip(w.name()) + "  "
                                + (w.isPlaced() ? ConsoleText.strip(w.nodeName()) : "(not placed)")
                                + (w.phase().isEmpty() ? "" : "  " + ConsoleText.strip(w.phase()))
                                + (w.reason().isEmpty() ? "" : "  " + ConsoleText.strip(w.reason()))));
        return sb.toString();
    }

    /** {@code key value}, the value folded onto continuation lines at 100 columns, never cut. */
    private static void line(StringBuilder sb, String key, String value) {
        String text = ConsoleText.strip(value);
        String lead = String.format("%-9s ", key);
        String indent = " ".repeat(lead.length());
        while (lead.length() + text.length() > 100) {
            int room = 100 - lead.length();
            int cut = text.lastIndexOf(' ', room);
            if (cut <= 0) {
                cut = room;
            }
            sb.append(lead).append(text, 0, cut).append('\n');
            text = text.substring(cut).stripLeading();
            lead = indent;
        }
        sb.append(lead).append(text).append('\n');
    }

    private static String time(Instant t) {
        return t == null ? "-" : t.toString();
    }
}
