package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.cli.DurationConverter;
import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.cli.InterruptSignal;
import io.jenkins.plugins.trainingjob.cli.output.OutcomePrinter;
import io.jenkins.plugins.trainingjob.cli.output.ReportFiles;
import io.jenkins.plugins.trainingjob.cli.output.SnapshotFiles;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.flow.BoundTarget;
import io.jenkins.plugins.trainingjob.core.flow.PreflightMode;
import io.jenkins.plugins.trainingjob.core.flow.Submit;
import io.jenkins.plugins.trainingjob.core.flow.SubmitFlow;
import io.jenkins.plugins.trainingjob.core.flow.SubmitRequest;
import io.jenkins.plugins.trainingjob.core.flow.SubmitResult;
import io.jenkins.plugins.trainingjob.core.flow.SubmitStore;
import io.jenkins.plugins.trainingjob.core.flow.TargetBinder;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.WaitBudget;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import io.jenkins.plugins.trainingjob.core.snapshot.SnapshotStore;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import io.jenkins.plugins.trainingjob.core.text.DurationText;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
        name = "demo",
        header = "See trainjob work: two jobs on an embedded AIHC simulator; one fits, one cannot be placed.",
        description = {
            "Starts the simulator with the bundled 'seed-taint-and-gpu' scenario (AIHC's documented",
            "diagnosis example: a cordoned node, four tainted nodes, two without free GPUs, plus healthy",
            "capacity) with simulated time running fast. Submits a 2-GPU job that fits and the documented",
            "8-GPU job that cannot, follows both live through the job monitor (the same one Jenkins uses),",
            "and ends with the diagnosis report of the second. Then, as the pool administrator might, it",
            "uncordons a node the report names, follows the job until it starts, and keeps its start",
            "snapshot (--snapshot-file): run the demo again and the report says what changed since that",
            "start (\"Since it last started\"). Nothing leaves this machine.",
            "Exit 0 when the first job completed and the second was diagnosed as unschedulable."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  trainjob demo", "  trainjob demo --speed 120 --report-file diagnosis.html"})
public final class DemoCommand implements Callable<Integer> {

    public static final String SCENARIO = "seed-taint-and-gpu";

    /** The node of the documented job's queue the demo uncordons after the diagnosis, so the job starts. */
    static final String CORDONED_NODE = "10.3.0.118";

    /** What a later run's report calls the run whose start snapshot this one keeps. */
    static final String LAST_RUN = "the last demo run";

    @ParentCommand
    TrainJob root;

    @Option(
            names = "--speed",
            paramLabel = "X",
            defaultValue = "60",
            description = "Simulated seconds per real second (default: ${DEFAULT-VALUE}).")
    double speed;

    @Option(
            names = "--pending-timeout",
            paramLabel = "DURATION",
            defaultValue = "10m",
            converter = DurationConverter.class,
            description = "Simulated time a job may stay queued before it is diagnosed (default: ${DEFAULT-VALUE}).")
    Duration pendingTimeout;

    @Option(
            names = "--report-file",
            paramLabel = "FILE",
            description = "Also write the report to FILE (.txt .md .html .json .xml).")
    java.nio.file.Path reportFile;

    @Option(
            names = "--snapshot-file",
            paramLabel = "FILE",
            description = "Where the demo keeps the diagnosed job's start snapshot between runs, to compare the "
                    + "next run with (default: $XDG_STATE_HOME/trainjob/demo-start.json, else "
                    + "~/.local/state/trainjob/demo-start.json).")
    java.nio.file.Path snapshotFile;

    @Override
    public Integer call() {
        if (speed <= 0) {
            throw CliException.invalidInput("--speed must be positive, was " + speed);
        }
        Terminal terminal = root.terminal();
        Scenario world = fast(Scenario.bundled(SCENARIO), speed);
        JobSpec fits = spec("demo/fits-job.yaml");
        JobSpec documented = spec("demo/documented-job.yaml");
        SnapshotStore snapshots = SnapshotFiles.of(snapshotFile(), snapshotFile(), terminal, LAST_RUN);
        try (Simulator sim = Simulator.start(world)) {
            Scenario.CredentialPair key = world.credentials().get(0);
            String pool = world.aihc().resourcePools().get(0).id();
            ConnectionSettings settings = ConnectionSettings.aihc(
                    sim.baseUrl(), null, Credentials.of(key.accessKey(), key.secretKey()), pool, null);
            terminal.progress(
                    "trainjob demo: a simulated Baidu AIHC at " + sim.baseUrl() + ", time x" + formatSpeed(speed));
            terminal.progress("  scenario " + SCENARIO + ", resource pool " + pool);
            try (SimulatedClock clock = new SimulatedClock(sim);
                    TrainingPlatform platform = root.env().connector().connect(settings);
                    JobMonitor monitor = new JobMonitor(id -> platform, clock);
                    SubmitProgress progress = new SubmitProgress(root.env(), terminal, true, false)) {
                BoundTarget where = new BoundTarget(1, "primary", platform, fits, "demo");
                // Both jobs are created by core's submit flow, pre-flight warning only (it would refuse the big
                // one before the diagnosis it is here to show), then followed together on one monitor.
                JobRef small = submit(monitor, where, fits, terminal, "1 worker x 2 GPUs in queue 'training'");
                JobRef big = submit(monitor, where, documented, terminal, "1 worker x 8 GPUs in queue 'default'");
                terminal.progress("following both; a job still pending after " + DurationText.exact(pendingTimeout)
                        + " (simulated) gets a schedule diagnosis");
                // The monitor polls and times out on the simulator's clock: the normal settings serve.
                WatchPolicy policy = diagnosisAfterPreCheck(
                        WatchPolicy.defaults(WaitTarget.COMPLETED).withPendingTimeout(pendingTimeout), world);
                SubmitRequest following = SubmitRequest.builder(CliFieldNames.INSTANCE)
                        .waiting(WaitMode.COMPLETED, policy, WaitBudget.NONE)
                        .preflight(PreflightMode.OFF)
                        .stopping(true, false)
                        .build();
                // the documented job's snapshots: the last run's start to compare with, and this run's to keep
                SubmitRequest followingBig = SubmitRequest.builder(CliFieldNames.INSTANCE)
                        .waiting(WaitMode.COMPLETED, policy, WaitBudget.NONE)
                        .preflight(PreflightMode.OFF)
                        .stopping(true, false)
                        .snapshots(snapshots)
                        .build();
                BoundTarget bigWhere = new BoundTarget(1, "primary", platform, documented, "demo");
                Submit smallRun = SubmitFlow.follow(monitor, following, where, small, progress, SubmitStore.NONE);
                Submit bigRun = SubmitFlow.follow(monitor, followingBig, bigWhere, big, progress, SubmitStore.NONE);
                try (InterruptSignal.Registration hook = root.env().interrupts().onInterrupt(() -> {
                    smallRun.interrupt();
                    bigRun.interrupt();
                    smallRun.result().join();
                    bigRun.result().join();
                })) {
                    Outcome smallOutcome = smallRun.result().join().outcome();
                    Outcome bigOutcome = bigRun.result().join().outcome();
                    if (bigOutcome instanceof Outcome.Unschedulable) {
                        startAfterUncordon(sim, monitor, bigWhere, big, snapshots, progress, terminal);
                    }
                    return report(terminal, small, smallOutcome, big, bigOutcome);
                }
            }
        }
    }

    /**
     * As the pool administrator might after reading the report: uncordons {@link #CORDONED_NODE} and follows the
     * job until it starts, so the monitor keeps its start snapshot for the next run to compare with. An
     * interrupt ends this wait as any other; the demo's outcome does not depend on it.
     */
    private static void startAfterUncordon(
            Simulator sim,
            JobMonitor monitor,
            BoundTarget where,
            JobRef job,
            SnapshotStore snapshots,
            SubmitProgress progress,
            Terminal terminal) {
        sim.uncordon(CORDONED_NODE);
        terminal.progress("as the pool administrator might: uncordoned " + CORDONED_NODE + " (the report names it); "
                + "following " + job.id() + " until it starts, to keep its start snapshot");
        SubmitRequest untilStarted = SubmitRequest.builder(CliFieldNames.INSTANCE)
                .waiting(
                        WaitMode.SCHEDULED,
                        WatchPolicy.defaults(WaitTarget.SCHEDULED).withPendingTimeout(Duration.ofHours(1)),
                        WaitBudget.NONE)
                .preflight(PreflightMode.OFF)
                .stopping(true, false)
                .snapshots(snapshots)
                .build();
        Outcome started = SubmitFlow.follow(monitor, untilStarted, where, job, progress, SubmitStore.NONE)
                .result()
                .join()
                .outcome();
        if (started instanceof Outcome.Scheduled) {
            terminal.progress("run the demo again: its report says what changed since this start");
        }
    }

    /** The file the demo keeps its snapshot in: the option's, else one in the user's state directory. */
    private java.nio.file.Path snapshotFile() {
        if (snapshotFile != null) {
            return snapshotFile;
        }
        String state = root.env().variable("XDG_STATE_HOME");
        java.nio.file.Path base = state != null && !state.isBlank()
                ? java.nio.file.Path.of(state)
                : root.env().home().resolve(".local").resolve("state");
        return base.resolve("trainjob").resolve("demo-start.json");
    }

    private int report(Terminal terminal, JobRef small, Outcome smallOutcome, JobRef big, Outcome bigOutcome) {
        boolean asIntended = smallOutcome instanceof Outcome.Completed && bigOutcome instanceof Outcome.Unschedulable;
        if (bigOutcome instanceof Outcome.Unschedulable u && reportFile != null) {
            ReportFiles.write(reportFile, ReportFiles.formatFor(reportFile), u.report());
            terminal.progress("wrote the diagnosis report to " + reportFile);
        }
        int code = exitCode(asIntended, smallOutcome, bigOutcome);
        if (terminal.json()) {
            terminal.json(terminal.envelope(
                            code,
                            asIntended
                                    ? "the demo went as intended: the small job ran, the big " + "one was diagnosed"
                                    : "the demo did not go as intended")
                    .platform(small.platform())
                    .put("asIntended", asIntended)
                    .put("jobs", List.of(jobDocument(small, smallOutcome), jobDocument(big, bigOutcome))));
        } else {
            terminal.resultLine(smallOutcome.message());
            if (bigOutcome instanceof Outcome.Unschedulable u) {
                // The report opens with the outcome's headline: once on stdout.
                terminal.result("\n" + ReportFormat.TEXT.render(u.report()));
            } else {
                terminal.resultLine(bigOutcome.message());
            }
        }
        if (!asIntended) {
            int small0 = ExitCode.of(smallOutcome);
            terminal.error("the demo did not go as intended: "
                    + (small0 != ExitCode.SUCCESS ? smallOutcome.message() : bigOutcome.message()));
        }
        return code;
    }

    /** 0 as intended; else the exit code of the first surprise (1 when that code is 0). */
    private static int exitCode(boolean asIntended, Outcome smallOutcome, Outcome bigOutcome) {
        if (asIntended) {
            return ExitCode.SUCCESS;
        }
        int small0 = ExitCode.of(smallOutcome);
        int code = small0 != ExitCode.SUCCESS ? small0 : ExitCode.of(bigOutcome);
        return code == ExitCode.SUCCESS ? ExitCode.JOB_FAILED : code;
    }

    /** One of the demo's two jobs: how its wait ended, with its own exit code and message. */
    private static Map<String, Object> jobDocument(JobRef job, Outcome outcome) {
        Map<String, Object> doc = new LinkedHashMap<>(OutcomePrinter.json(job, outcome));
        doc.put("exitCode", ExitCode.of(outcome));
        doc.put("message", OutcomePrinter.withoutConsolePrefix(OutcomePrinter.unfolded(outcome.message())));
        return doc;
    }

    /**
     * Creates {@code spec}'s job through the flow, not waiting for it, saying what it asks for and its
     * pre-flight verdict.
     */
    private static JobRef submit(JobMonitor monitor, BoundTarget where, JobSpec spec, Terminal terminal, String what) {
        SubmitRequest create = SubmitRequest.builder(CliFieldNames.INSTANCE)
                .waiting(WaitMode.NONE, null, WaitBudget.NONE)
                .preflight(PreflightMode.WARN) // says the verdict, refuses nothing: the big one is the demo
                .stopping(false, false)
                .build();
        BoundTarget target = new BoundTarget(1, "primary", where.platform(), spec, where.connectionId());
        SubmitResult result = SubmitFlow.start(monitor, create, target, TargetBinder.NONE, null, null)
                .result()
                .join();
        if (result.error() instanceof PlatformException e) {
            throw e;
        } else if (result.error() != null) {
            throw new IllegalStateException(
                    "the demo's submit failed: " + result.error().getMessage(), result.error());
        }
        JobRef ref = result.job();
        // the one word submit, the report and the JSON use (the report below gives its sentence)
        String verdict = "pre-flight: "
                + (result.preflight() == null
                        ? "not checked"
                        : result.preflight().verdict().name());
        terminal.progress("submitted " + spec.name() + " as " + ref.id());
        terminal.progress("  " + what + "; " + verdict);
        return ref;
    }

    /**
     * AIHC accepts a diagnosis only of a job that has queued a while (5 minutes in the scenario): a
     * pending timeout shorter than that leaves the rest of that wait to the diagnosis, on top of its own.
     */
    public static WatchPolicy diagnosisAfterPreCheck(WatchPolicy policy, Scenario world) {
        Duration preCheck = Duration.ofSeconds(world.timing().effectivePreCheckMinQueueSeconds());
        Duration uncovered = preCheck.minus(policy.pendingTimeout());
        return uncovered.isNegative()
                ? policy
                : policy.withDiagnosisTimeout(policy.diagnosisTimeout().plus(uncovered));
    }

    /** The bundled scenario with simulated time sped up; its realistic delays (AIHC's 5-minute pre-check) stay. */
    static Scenario fast(Scenario s, double speed) {
        Scenario.Timing t = s.timing();
        Scenario.Timing fast = new Scenario.Timing(
                speed,
                true,
                t.defaultRunSeconds(),
                t.diagnosisLatencySeconds(),
                t.preCheckMinQueueSeconds(),
                t.stopSeconds());
        return new Scenario(s.name(), s.seed(), s.credentials(), fast, s.nodes(), s.aihc(), s.sensecore(), s.faults());
    }

    private static JobSpec spec(String resource) {
        try (InputStream in = DemoCommand.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("demo resource missing: " + resource);
            }
            return JobSpecLoader.load(new String(in.readAllBytes(), StandardCharsets.UTF_8), resource, Map.of());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String formatSpeed(double speed) {
        return speed == Math.rint(speed) ? String.valueOf((long) speed) : String.valueOf(speed);
    }
}
