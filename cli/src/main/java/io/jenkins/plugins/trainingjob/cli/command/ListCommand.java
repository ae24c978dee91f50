package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.cli.connection.ConnectionOptions;
import io.jenkins.plugins.trainingjob.cli.connection.ConnectionResolver;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.StatusPage;
import io.jenkins.plugins.trainingjob.core.platform.SubmittedJobList;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.core.text.DurationText;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
        name = "list",
        header = "List the pool's (AIHC) or workspace's (SenseCore) jobs, newest first.",
        description = {
            "One line per job: state, age, queue position, name and the full id (copy it into",
            "status, logs or cancel). Filters apply to what the platform lists; --limit bounds the pages read."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  trainjob list",
            "  trainjob list --state pending --state running --mine",
            "  trainjob list --name llama -o json"
        })
public final class ListCommand implements Callable<Integer> {

    /** Jobs per list call: the platforms' documented page sizes go to 100 (AIHC) and 200 (SenseCore). */
    static final int PAGE_SIZE = 50;

    @ParentCommand
    TrainJob root;

    @Mixin
    ConnectionOptions connection;

    @Option(
            names = {"-s", "--state"},
            paramLabel = "STATE",
            description = "Only jobs in this state (repeatable): pending, starting, running, succeeded, failed, "
                    + "stopped, unknown.")
    List<JobPhase> states = new ArrayList<>();

    @Option(
            names = {"-n", "--name"},
            paramLabel = "TEXT",
            description = "Only jobs whose name contains TEXT (case-insensitive).")
    String name;

    @Option(
            names = "--mine",
            description = "Only jobs submitted by trainjob or the Jenkins plugin (AIHC: they carry the "
                    + "client-token label; SenseCore lists carry no such mark, so it is refused there).")
    boolean mine;

    @Option(
            names = "--limit",
            paramLabel = "N",
            defaultValue = "50",
            description = "Show at most N jobs, 1-1000 (default: ${DEFAULT-VALUE}).")
    int limit;

    @Override
    public Integer call() {
        if (limit < 1 || limit > 1000) {
            throw CliException.invalidInput("--limit: must be 1-1000, was " + limit);
        }
        Terminal terminal = root.terminal();
        var settings = ConnectionResolver.resolve(root.env(), connection, null);
        Set<JobPhase> wanted = states.isEmpty() ? EnumSet.allOf(JobPhase.class) : EnumSet.copyOf(states);
        String needle = name == null ? "" : name.toLowerCase(Locale.ROOT);
        List<JobStatus> jobs = new ArrayList<>();
        // every job read, filtered out or not: their newest timestamp is the best sign of the platform's clock
        List<JobStatus> read = new ArrayList<>();
        try (TrainingPlatform platform = root.env().connector().connect(settings)) {
            if (mine && !(platform instanceof SubmittedJobList)) {
                throw CliException.invalidInput("--mine: " + settings.platform().displayName() + " job lists carry "
                        + "no mark of who submitted a job; filter with --name instead");
            }
            String token = null;
            int pages = 0;
            do {
                StatusPage page = mine
                        ? ((SubmittedJobList) platform).listSubmittedStatuses(token, PAGE_SIZE)
                        : platform.listStatuses(token, PAGE_SIZE);
                read.addAll(page.jobs());
                for (JobStatus s : page.jobs()) {
                    if (wanted.contains(s.phase())
                            && s.job().name().toLowerCase(Locale.ROOT).contains(needle)
                            && jobs.size() < limit) {
                        jobs.add(s);
                    }
                }
                token = page.nextPageToken();
                pages++;
                // The list is read page by page; stop once enough jobs matched or after 1000 jobs were read.
            } while (token != null && jobs.size() < limit && pages * PAGE_SIZE < 1000);
        }
        if (terminal.json()) {
            terminal.json(terminal.envelope(
                            ExitCode.SUCCESS,
                            jobs.size()
                                    + (jobs.size() == 1 ? " job" : " jobs")
                                    + (states.isEmpty() && name == null && !mine ? "" : " (filtered)"))
                    .platform(settings.platform())
                    .put("jobs", jobs));
            return ExitCode.SUCCESS;
        }
        if (jobs.isEmpty()) {
            terminal.progress("no jobs found" + (states.isEmpty() && name == null && !mine ? "" : " (filtered)"));
            return ExitCode.SUCCESS;
        }
        Instant now = root.env().time().now();
        Instant platformNow = platformNow(read, now);
        if (Duration.between(now, platformNow).compareTo(Duration.ofMinutes(1)) > 0) {
            // The simulator at --speed runs ahead; a real platform's clock may be skewed. Ages from the local
            // clock would all read 0s.
            terminal.progress("note: the platform's newest timestamp is "
                    + DurationText.exact(Duration.between(now, platformNow))
                    + " ahead of this machine's clock; AGE counts from it");
        }
        terminal.result(table(jobs, platformNow));
        return ExitCode.SUCCESS;
    }

    /** The later of the local clock and the newest time a listed job carries (the platform's clock, at least). */
    public static Instant platformNow(List<JobStatus> jobs, Instant now) {
        Instant latest = now;
        for (JobStatus s : jobs) {
            for (Instant t : new Instant[] {s.createdAt(), s.startedAt(), s.finishedAt()}) {
                if (t != null && t.isAfter(latest)) {
                    latest = t;
                }
            }
        }
        return latest;
    }

    /**
     * Fixed columns, the id last and never cut so it can be copied; readable at 100 columns. POS is the
     * position in the queue of a waiting job ({@code #1}), not the queue's name.
     */
    public static String table(List<JobStatus> jobs, Instant now) {
        StringBuilder sb =
                new StringBuilder(String.format("%-9s %5s %5s  %-28s %s%n", "STATE", "AGE", "POS", "NAME", "ID"));
        for (JobStatus s : jobs) {
            String queue = s.queuePosition() == null ? "-" : "#" + s.queuePosition();
            sb.append(String.format(
                    "%-9s %5s %5s  %-28s %s%n",
                    s.phase().name(),
                    age(s.createdAt(), now),
                    queue,
                    ConsoleText.strip(s.job().name(), 28),
                    ConsoleText.strip(s.job().id())));
        }
        return sb.toString();
    }

    /** The job's age as kubectl shows it ({@link DurationText#age}), {@code -} when not known. */
    static String age(Instant created, Instant now) {
        return created == null ? "-" : DurationText.age(Duration.between(created, now));
    }
}
