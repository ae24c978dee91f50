package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.cli.DurationConverter;
import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.cli.connection.ConnectionOptions;
import io.jenkins.plugins.trainingjob.cli.connection.ConnectionResolver;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.eta.Distribution;
import io.jenkins.plugins.trainingjob.core.eta.HistoryReader;
import io.jenkins.plugins.trainingjob.core.eta.QueueHistory;
import io.jenkins.plugins.trainingjob.core.eta.SizeClass;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.text.DurationText;
import io.jenkins.plugins.trainingjob.core.text.Plural;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
        name = "history",
        header = "How long the queue's recent jobs waited and ran: what an ETA rests on.",
        description = {
            "Reads the queue's jobs of the last --since (default 7d), newest first, and prints per",
            "size class the number of jobs, p50/p90 wait and run time, and a histogram of the waits. The queue is",
            "--queue (AIHC); on SenseCore, the workspace's jobs (other workspaces' jobs are invisible)."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  trainjob history --queue team-a",
            "  trainjob history --since 3d -o json",
            "  trainjob history --format csv > waits.csv"
        })
public final class HistoryCommand implements Callable<Integer> {

    /** Wait buckets of the histogram: a person reads waits in these steps. */
    private static final long[] BUCKETS = {60, 600, 3_600, 6 * 3_600, 86_400};

    private static final String[] BUCKET_LABELS = {"< 1 min", "1-10 min", "10-60 min", "1-6 h", "6-24 h", ">= 1 d"};
    private static final int BAR = 40;

    @ParentCommand
    TrainJob root;

    @Mixin
    ConnectionOptions connection;

    @Option(
            names = "--since",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "How far back to read (default: 7d; at most 30d).")
    Duration since;

    @Option(
            names = "--format",
            paramLabel = "table|csv",
            description = "table (default) or csv: one row per size class, for spreadsheets.")
    String format;

    @Override
    public Integer call() {
        Duration window = since == null ? QueueHistory.DEFAULT_WINDOW : since;
        boolean csv = false;
        if (format != null) {
            switch (format.trim().toLowerCase(Locale.ROOT)) {
                case "csv" -> csv = true;
                case "table" -> csv = false;
                default -> throw CliException.invalidInput("--format: must be table or csv, was '" + format + "'");
            }
        }
        Terminal terminal = root.terminal();
        var settings = ConnectionResolver.resolve(root.env(), connection, null);
        Instant now = root.env().time().now();
        QueueHistory history;
        try (TrainingPlatform platform = root.env().connector().connect(settings)) {
            history = new HistoryReader().read(platform, settings.target().defaultQueue(), window, now);
        }
        List<Row> rows = rows(history);
        if (terminal.json()) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("queue", history.queue());
            doc.put("windowSeconds", window.toSeconds());
            doc.put("truncated", history.truncated());
            if (!history.scopeNote().isEmpty()) {
                doc.put("scope", history.scopeNote());
            }
            doc.put("classes", rows);
            terminal.json(terminal.envelope(
                            ExitCode.SUCCESS,
                            Plural.count(history.jobs().size(), "job", "jobs") + " in the last "
                                    + DurationText.compact(window))
                    .platform(settings.platform())
                    .put("history", doc));
            return ExitCode.SUCCESS;
        }
        terminal.result(csv ? csv(rows) : table(history, rows));
        return ExitCode.SUCCESS;
    }

    /** One size class's figures; seconds, {@code null} where no job of the class gave one. */
    record Row(
            String size,
            int jobs,
            int started,
            int finished,
            Long waitP50Seconds,
            Long waitP90Seconds,
            Long runP50Seconds,
            Long runP90Seconds,
            List<Integer> waitHistogram) {}

    static List<Row> rows(QueueHistory h) {
        Map<SizeClass, Integer> jobs = new LinkedHashMap<>();
        for (var j : h.jobs()) {
            jobs.merge(j.sizeClass(), 1, Integer::sum);
        }
        List<Row> out = new ArrayList<>();
        for (SizeClass c : SizeClass.values()) {
            if (!jobs.containsKey(c)) {
                continue;
            }
            out.add(row(
                    c.label(),
                    jobs.get(c),
                    h.waitsByClass().get(c),
                    h.runsByClass().get(c),
                    h));
        }
        out.add(row("all", h.jobs().size(), h.waits(), h.runs(), h));
        return out;
    }

    private static Row row(String label, int jobs, Distribution waits, Distribution runs, QueueHistory h) {
        List<Integer> histogram = new ArrayList<>();
        for (int i = 0; i <= BUCKETS.length; i++) {
            histogram.add(0);
        }
        if (waits != null) {
            for (int q = 0; q < waits.size(); q++) {
                // the distribution is sorted; walk it by rank
                long w = waits.quantile((q + 0.5) / waits.size());
                int b = 0;
                while (b < BUCKETS.length && w >= BUCKETS[b]) {
                    b++;
                }
                histogram.set(b, histogram.get(b) + 1);
            }
        }
        boolean hasW = waits != null && !waits.isEmpty();
        boolean hasR = runs != null && !runs.isEmpty();
        return new Row(
                label,
                jobs,
                hasW ? waits.size() : 0,
                hasR ? runs.size() : 0,
                hasW ? waits.quantile(0.5) : null,
                hasW ? waits.quantile(0.9) : null,
                hasR ? runs.quantile(0.5) : null,
                hasR ? runs.quantile(0.9) : null,
                histogram);
    }

    static String table(QueueHistory h, List<Row> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append("Queue ")
                .append(h.queue().isEmpty() ? "(connection's)" : h.queue())
                .append(", last ")
                .append(DurationText.compact(h.window()))
                .append(h.truncated() ? " (read stopped at its bound)" : "")
                .append('\n');
        if (!h.scopeNote().isEmpty()) {
            sb.append(h.scopeNote()).append('\n');
        }
        sb.append(String.format(
                Locale.ROOT,
                "%-12s %6s %9s %9s %9s %9s%n",
                "SIZE",
                "JOBS",
                "WAIT p50",
                "WAIT p90",
                "RUN p50",
                "RUN p90"));
        for (Row r : rows) {
            sb.append(String.format(
                    Locale.ROOT,
                    "%-12s %6d %9s %9s %9s %9s%n",
                    r.size(),
                    r.jobs(),
                    d(r.waitP50Seconds()),
                    d(r.waitP90Seconds()),
                    d(r.runP50Seconds()),
                    d(r.runP90Seconds())));
        }
        Row all = rows.get(rows.size() - 1);
        int max = all.waitHistogram().stream().mapToInt(Integer::intValue).max().orElse(0);
        sb.append("\nWaits of the ")
                .append(Plural.count(all.started(), "job", "jobs"))
                .append(" that started:\n");
        for (int b = 0; b < BUCKET_LABELS.length; b++) {
            int n = all.waitHistogram().get(b);
            int len = max == 0 ? 0 : (int) Math.round(BAR * n / (double) max);
            sb.append(String.format(
                    Locale.ROOT, "  %-10s %5d %s%n", BUCKET_LABELS[b], n, "#".repeat(n > 0 ? Math.max(1, len) : 0)));
        }
        return sb.toString();
    }

    static String csv(List<Row> rows) {
        StringBuilder sb = new StringBuilder("size,jobs,started,finished,wait_p50_s,wait_p90_s,run_p50_s,run_p90_s");
        for (String b : BUCKET_LABELS) {
            sb.append(",waits ").append(b);
        }
        sb.append('\n');
        for (Row r : rows) {
            sb.append(r.size())
                    .append(',')
                    .append(r.jobs())
                    .append(',')
                    .append(r.started())
                    .append(',')
                    .append(r.finished())
                    .append(',')
                    .append(n(r.waitP50Seconds()))
                    .append(',')
                    .append(n(r.waitP90Seconds()))
                    .append(',')
                    .append(n(r.runP50Seconds()))
                    .append(',')
                    .append(n(r.runP90Seconds()));
            for (int v : r.waitHistogram()) {
                sb.append(',').append(v);
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static String d(Long seconds) {
        return seconds == null ? "-" : DurationText.compact(Duration.ofSeconds(seconds));
    }

    private static String n(Long v) {
        return v == null ? "" : Long.toString(v);
    }
}
