package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.cli.DurationConverter;
import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.cli.InterruptSignal;
import io.jenkins.plugins.trainingjob.cli.connection.ConnectionOptions;
import io.jenkins.plugins.trainingjob.cli.connection.ConnectionResolver;
import io.jenkins.plugins.trainingjob.cli.connection.ExistingJob;
import io.jenkins.plugins.trainingjob.cli.output.ReportOutput;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.monitor.DiagnosisFetcher;
import io.jenkins.plugins.trainingjob.core.monitor.FetchedDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.text.DurationText;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(
        name = "diagnose",
        header = "Run a schedule diagnosis of a pending job now, or fetch an existing one.",
        description = {
            "With JOB_ID, launches a diagnosis and waits for its report. With --id, fetches the",
            "diagnosis the platform already computed (without JOB_ID the report names the diagnosis id as",
            "its job, and AIHC needs no resource pool: its query takes only the id; SenseCore needs JOB_ID).",
            "AIHC refuses to diagnose a job that has queued for less than 5 minutes (PreCheckError, exit 5).",
            "SenseCore has no diagnosis API: trainjob gathers the job's workers, the pool's specs and quotas",
            "and the competing jobs instead."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  trainjob diagnose pytorchjob-2f1c --platform aihc --region bj --resource-pool cce-abc",
            "  trainjob diagnose --id 9de03782-1b7f --platform aihc --region bj --format html --output diag.html"
        })
public final class DiagnoseCommand implements Callable<Integer> {

    @ParentCommand
    TrainJob root;

    @Parameters(paramLabel = "JOB_ID", arity = "0..1", description = "The pending job to diagnose.")
    String jobId;

    @Option(names = "--id", paramLabel = "DIAGNOSIS_ID", description = "Fetch this existing diagnosis instead.")
    String diagnosisId;

    @Option(
            names = "--diagnosis-timeout",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "How long to wait for the report (default: 5m; 1m with --id, whose diagnosis was "
                    + "launched earlier and is normally ready, and for which a mistyped id answers the same as a "
                    + "report still being computed).")
    Duration timeout;

    /** A launch waits for the platform to compute; a fetch by id does not, so a typo fails within a minute. */
    static final Duration LAUNCH_TIMEOUT = Duration.ofMinutes(5);

    static final Duration FETCH_TIMEOUT = Duration.ofMinutes(1);

    @Option(
            names = "--poll-interval",
            paramLabel = "DURATION",
            defaultValue = "5s",
            converter = DurationConverter.class,
            description = "How often to ask whether the report is ready (default: ${DEFAULT-VALUE}).")
    Duration pollInterval;

    @Mixin
    ReportOutput output;

    @Mixin
    ConnectionOptions connection;

    @Override
    public Integer call() throws InterruptedException {
        if (jobId == null && diagnosisId == null) {
            throw CliException.invalidInput("say which job to diagnose (JOB_ID) or which diagnosis to fetch (--id)");
        }
        Terminal terminal = root.terminal();
        // Fetching an AIHC diagnosis by id needs only the id: the query API takes nothing else.
        var settings = ConnectionResolver.resolve(root.env(), connection, null, jobId == null);
        output.check(terminal);
        Duration wait = timeout != null ? timeout : diagnosisId != null ? FETCH_TIMEOUT : LAUNCH_TIMEOUT;
        DiagnosisFetcher fetcher =
                new DiagnosisFetcher(wait, pollInterval, root.env().time());
        FetchedDiagnosis fetched;
        try (TrainingPlatform platform = root.env().connector().connect(settings);
                InterruptSignal.Registration onCtrlC = root.env()
                        .interrupts()
                        .onInterrupt(() -> terminal.progress(
                                "interrupted: no longer waiting for the diagnosis (the platform keeps computing it; fetch it "
                                        + "later with trainjob diagnose --id)"))) {
            if (diagnosisId != null) {
                // AIHC answers "not found" alike for an id still being computed and one that never existed.
                terminal.progress("fetching diagnosis " + diagnosisId + " for up to " + DurationText.exact(wait)
                        + " (--diagnosis-timeout); the platform answers the same for a mistyped id as for a report "
                        + "still being computed");
                fetched = fetcher.fetch(platform, diagnosisId, jobId);
            } else {
                fetched = fetcher.launchAndFetch(
                        platform,
                        ExistingJob.named(platform, new JobRef(settings.platform(), jobId, null)),
                        handle -> terminal.progress("diagnosis " + handle.id() + " launched for job " + jobId
                                + "; waiting for the report"));
            }
        }
        if (fetched instanceof FetchedDiagnosis.NotReady notReady) {
            throw new CliException(
                    ExitCode.TIMED_OUT,
                    notReady.message() + ": trainjob diagnose --id "
                            + notReady.handle().id() + (jobId == null ? "" : " " + jobId));
        }
        output.write(terminal, ((FetchedDiagnosis.Ready) fetched).report());
        return ExitCode.SUCCESS;
    }
}
