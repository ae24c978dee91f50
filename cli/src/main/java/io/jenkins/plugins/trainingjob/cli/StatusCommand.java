package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.report.ConsoleText;
import java.time.Instant;
import java.util.Comparator;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

@Command(name = "status",
        header = "Show a job's state, queue position and workers.",
        footerHeading = "%nExamples:%n",
        footer = {"  trainjob status pytorchjob-2f1c --platform aihc --region bj --resource-pool cce-abc",
            "  trainjob status pt-7x2kq --platform sensecore --output-format json",
            "  trainjob status --client-token build-1234-train"})
final class StatusCommand implements Callable<Integer> {

    @ParentCommand
    TrainJob root;

    @Mixin
    ExistingJob target;

    @Override
    public Integer call() {
        Terminal terminal = root.terminal();
        var settings = target.settings(root.env());
        try (TrainingPlatform platform = root.env().connector().connect(settings)) {
            JobStatus status = platform.status(target.ref(settings, platform));
            if (terminal.json()) {
                terminal.json(status);
            } else {
                terminal.result(describe(status));
            }
        }
        return ExitCode.SUCCESS;
    }

    static String describe(JobStatus s) {
        StringBuilder sb = new StringBuilder();
        line(sb, "job", s.job().id() + (s.job().name().equals(s.job().id()) ? "" : " (" + s.job().name() + ")"));
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
        s.workers().stream().sorted(Comparator.comparing(WorkerStatus::name)).forEach(w -> sb.append("  ")
                .append(ConsoleText.strip(w.name(), 48)).append("  ")
                .append(w.isPlaced() ? ConsoleText.strip(w.nodeName(), 32) : "(not placed)")
                .append(w.phase().isEmpty() ? "" : "  " + ConsoleText.strip(w.phase(), 16))
                .append(w.reason().isEmpty() ? "" : "  " + ConsoleText.strip(w.reason(), 60)).append('\n'));
        return sb.toString();
    }

    private static void line(StringBuilder sb, String key, String value) {
        sb.append(String.format("%-9s ", key)).append(ConsoleText.strip(value, 88)).append('\n');
    }

    private static String time(Instant t) {
        return t == null ? "-" : t.toString();
    }
}
