package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.core.platform.InvalidConnectionException;
import io.jenkins.plugins.trainingjob.core.platform.connect.TrainingPlatforms;
import io.jenkins.plugins.trainingjob.core.spec.InvalidSpecException;
import io.jenkins.plugins.trainingjob.core.spec.SpecProblem;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code trainjob}: submit training jobs, wait for them, and explain why one stays pending. */
@Command(name = "trainjob",
        scope = ScopeType.INHERIT,
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        usageHelpWidth = 100,
        sortOptions = false,
        header = "Submit training jobs to Baidu AIHC or SenseCore ACP, wait for them, and explain pending ones.",
        description = {
            "Credentials come from the environment (TRAINJOB_ACCESS_KEY / TRAINJOB_SECRET_KEY, or",
            "BCE_ACCESS_KEY_ID / BCE_SECRET_ACCESS_KEY for AIHC, SENSECORE_ACCESS_KEY_ID /",
            "SENSECORE_ACCESS_KEY_SECRET for SenseCore) or ~/.config/trainjob/config.yaml (mode 600),",
            "never from arguments. Progress goes to stderr, results to stdout.",
            ""},
        subcommands = {
            SubmitCommand.class,
            CheckCommand.class,
            AwaitCommand.class,
            StatusCommand.class,
            ListCommand.class,
            HistoryCommand.class,
            LogsCommand.class,
            CancelCommand.class,
            DiagnoseCommand.class,
            ReportCommand.class,
            ValidateCommand.class,
            CheckConnectionCommand.class,
            SimulatorCommand.class,
            DemoCommand.class,
            CompletionCommand.class,
            CommandLine.HelpCommand.class},
        footerHeading = "%nExit codes:%n",
        footer = {
            "  0    success",
            "  1    the job failed (or was stopped by someone else)",
            "  2    invalid input (arguments, spec, profile, credentials missing, unknown job id)",
            "  3    unschedulable: the job stayed pending; the diagnosis report is printed",
            "  4    timed out",
            "  5    platform or network error",
            "  130  interrupted (Ctrl-C; SIGTERM: 143)",
            "",
            "Examples:",
            "  trainjob demo",
            "  trainjob submit job.yaml --wait scheduled --pending-timeout 10m",
            "  trainjob list --mine --state pending",
            "  trainjob logs JOB_ID --follow",
            "  trainjob report diagnosis.json --format html --output report.html",
            "  source <(./trainjob generate-completion)"})
public final class TrainJob implements Callable<Integer> {

    @Option(names = {"-o", "--output-format"}, paramLabel = "text|json", scope = ScopeType.INHERIT,
            defaultValue = "text",
            description = "text for people, json for machines: one JSON document on stdout (default: ${DEFAULT-VALUE}).")
    OutputFormat outputFormat;

    @Option(names = {"-q", "--quiet"}, scope = ScopeType.INHERIT,
            description = "No progress lines on stderr; results and errors only.")
    boolean quiet;

    @Option(names = "--debug", scope = ScopeType.INHERIT,
            description = "Show the stack trace of an error.")
    boolean debug;

    @Spec
    CommandSpec spec;

    private final CliEnvironment env;

    TrainJob(CliEnvironment env) {
        this.env = env;
    }

    public static void main(String[] args) {
        System.exit(run(systemEnvironment(), args));
    }

    /** Runs one command line and returns its exit code; the entry point tests use. */
    public static int run(CliEnvironment env, String... args) {
        int code = commandLine(env).execute(args);
        env.out().flush();
        env.err().flush();
        return code;
    }

    static CliEnvironment systemEnvironment() {
        return new CliEnvironment(System.getenv(), Path.of(System.getProperty("user.home")),
                new PrintWriter(System.out, true, StandardCharsets.UTF_8),
                new PrintWriter(System.err, true, StandardCharsets.UTF_8),
                TerminalStreams.interactive(), new ShutdownHookInterrupts(), TrainingPlatforms::connect,
                Clock.systemUTC());
    }

    static CommandLine commandLine(CliEnvironment env) {
        TrainJob root = new TrainJob(env);
        CommandLine cl = new CommandLine(root);
        cl.setOut(env.out());
        cl.setErr(env.err());
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        CommandLine.Help.Ansi ansi = env.interactive() && Terminal.colourAllowed(env)
                ? CommandLine.Help.Ansi.ON : CommandLine.Help.Ansi.OFF;
        cl.setColorScheme(CommandLine.Help.defaultColorScheme(ansi));
        // Options that mean nothing for a completion script are not offered on it.
        CommandSpec completion = cl.getSubcommands().get("generate-completion").getCommandSpec();
        for (String option : List.of("--output-format", "--quiet")) {
            completion.remove(completion.findOption(option));
        }
        cl.setParameterExceptionHandler((ex, args) -> {
            CommandLine cmd = ex.getCommandLine();
            // The handler runs before the options were applied: read --output-format from the raw words.
            root.outputFormat = ArgumentErrors.outputFormatOf(args);
            String message = ArgumentErrors.message(ex) + " (see: " + cmd.getCommandSpec().qualifiedName()
                    + " --help)";
            root.terminal().error(message);
            if (root.terminal().json()) {
                root.terminal().json(Map.of("error", ConsoleText.strip(message), "exitCode", ExitCode.INVALID_INPUT));
            }
            return ExitCode.INVALID_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, cmd, parseResult) -> root.fail(ex));
        return cl;
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(env.err());
        return ExitCode.INVALID_INPUT;
    }

    CliEnvironment env() {
        return env;
    }

    private Terminal terminal;

    /** One terminal per run, so the live status line has one owner. */
    Terminal terminal() {
        OutputFormat format = outputFormat == null ? OutputFormat.TEXT : outputFormat;
        if (terminal == null || terminal.format() != format || terminal.quiet() != quiet) {
            terminal = new Terminal(env, format, quiet);
        }
        return terminal;
    }

    /** The one way a command ends in error: one line on stderr (and a JSON document with --output-format json). */
    int fail(Throwable failure) {
        Throwable cause = failure;
        if (cause instanceof java.util.concurrent.CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        int code = ExitCode.of(cause);
        Terminal terminal = terminal();
        if (cause instanceof InvalidSpecException invalid) {
            // One line per problem, each naming the file and the field, so every problem is fixed in one round.
            for (SpecProblem problem : invalid.problems()) {
                terminal.error(invalid.sourceName() + ": " + problem);
            }
            if (terminal.json()) {
                terminal.json(Map.of("error", "invalid job spec", "file", invalid.sourceName(),
                        "problems", invalid.problems(), "exitCode", code));
            }
            return code;
        }
        if (cause instanceof InvalidConnectionException invalid) {
            // Core's words for each problem, then where this CLI reads that setting.
            List<String> lines = invalid.problems().stream()
                    .map(p -> "connection " + p + " (" + ConnectionResolver.whereToSet(p.field()) + ")")
                    .toList();
            lines.forEach(terminal::error);
            if (terminal.json()) {
                terminal.json(Map.of("error", "invalid connection", "problems", lines, "exitCode", code));
            }
            return code;
        }
        terminal.error(ExitCode.describe(cause));
        if (debug) {
            cause.printStackTrace(env.err());
            env.err().flush();
        }
        if (terminal.json()) {
            terminal.json(Map.of("error", ConsoleText.strip(ExitCode.describe(cause)), "exitCode", code));
        }
        return code;
    }
}
