package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.CliEnvironment;
import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.cli.connection.ConnectionResolver;
import io.jenkins.plugins.trainingjob.cli.terminal.InterruptNote;
import io.jenkins.plugins.trainingjob.cli.terminal.JsonEnvelope;
import io.jenkins.plugins.trainingjob.cli.terminal.OutputFormat;
import io.jenkins.plugins.trainingjob.cli.terminal.ShutdownHookInterrupts;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.cli.terminal.TerminalStreams;
import io.jenkins.plugins.trainingjob.core.platform.InvalidConnectionException;
import io.jenkins.plugins.trainingjob.core.platform.connect.TrainingPlatforms;
import io.jenkins.plugins.trainingjob.core.spec.InvalidSpecException;
import io.jenkins.plugins.trainingjob.core.spec.SpecProblem;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** {@code trainjob}: submit training jobs, wait for them, and explain why one stays pending. */
@Command(
        name = "trainjob",
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
            ""
        },
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
            CommandLine.HelpCommand.class
        },
        footerHeading = "%nExit codes:%n",
        footer = {
            "  0    success",
            "  1    the job failed, or was stopped by someone else",
            "  2    bad input (arguments, spec, profile, missing credentials, a request the platform refused",
            "       as invalid)",
            "  3    never fits: pre-flight or the diagnosis says NEVER_FITS (change the job or its target)",
            "  4    timed out (--timeout, --diagnosis-timeout)",
            "  5    platform or network error, authentication refused",
            "  6    still pending at the pending timeout, diagnosed FITS_LATER or UNKNOWN (retrying later",
            "       may help)",
            "  7    needs the pool administrator (NEEDS_ADMIN: pre-flight strict, or the diagnosis)",
            "  8    did not start within the budget (--max-wait)",
            "  9    the job vanished: deleted by someone else while watched",
            "  130  interrupted (Ctrl-C; SIGTERM: 143)",
            "With -o json every document, errors included, has \"command\", \"exitCode\" and \"message\"",
            "(docs/cli-output.schema.json).",
            "",
            "Examples:",
            "  trainjob demo",
            "  trainjob submit job.yaml --wait scheduled --pending-timeout 10m",
            "  trainjob list --mine --state pending",
            "  trainjob logs JOB_ID --follow",
            "  trainjob report diagnosis.json --format html --output report.html",
            "  source <(./trainjob generate-completion)"
        })
public final class TrainJob implements Callable<Integer> {

    @Option(
            names = {"-o", "--output-format"},
            paramLabel = "text|json",
            scope = ScopeType.INHERIT,
            defaultValue = "text",
            description =
                    "text for people, json for machines: one JSON document on stdout (default: ${DEFAULT-VALUE}).")
    OutputFormat outputFormat;

    @Option(
            names = {"-q", "--quiet"},
            scope = ScopeType.INHERIT,
            description = "No progress lines on stderr; results and errors only.")
    boolean quiet;

    @Option(names = "--debug", scope = ScopeType.INHERIT, description = "Show the stack trace of an error.")
    boolean debug;

    @Spec
    CommandSpec spec;

    private final CliEnvironment env;

    TrainJob(CliEnvironment env) {
        this.env = env;
    }

    public static void main(String[] args) {
        AtomicBoolean finished = new AtomicBoolean();
        // A signal during a phase with no handler of its own (InterruptNote) ends the JVM silently otherwise.
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            String note = InterruptNote.current();
                            if (!finished.get() && note != null) {
                                System.err.println("trainjob: " + note);
                                System.err.flush();
                            }
                        },
                        "trainjob-interrupt-note"));
        int code = run(systemEnvironment(), args);
        finished.set(true);
        System.exit(code);
    }

    /** Runs one command line and returns its exit code; the entry point tests use. */
    public static int run(CliEnvironment env, String... args) {
        int code = commandLine(env).execute(args);
        env.out().flush();
        env.err().flush();
        return code;
    }

    static CliEnvironment systemEnvironment() {
        return new CliEnvironment(
                System.getenv(),
                home(System.getenv("HOME"), System.getProperty("user.home")),
                new PrintWriter(System.out, true, StandardCharsets.UTF_8),
                new PrintWriter(System.err, true, StandardCharsets.UTF_8),
                TerminalStreams.interactive(),
                new ShutdownHookInterrupts(),
                TrainingPlatforms::connect,
                TimeSource.system());
    }

    /**
     * {@code ~}: {@code $HOME} as every shell tool reads it (CI containers run as an arbitrary uid with
     * HOME overridden), else Java's {@code user.home} (from the password database).
     */
    public static Path home(String homeVariable, String userHome) {
        if (homeVariable != null
                && !homeVariable.isBlank()
                && Path.of(homeVariable).isAbsolute()) {
            return Path.of(homeVariable);
        }
        return Path.of(userHome);
    }

    /** The command tree {@link #run} executes, for tests that read picocli's model of it. */
    public static CommandLine commandLine(CliEnvironment env) {
        TrainJob root = new TrainJob(env);
        CommandLine cl = new CommandLine(root);
        cl.setOut(env.out());
        cl.setErr(env.err());
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        CommandLine.Help.Ansi ansi =
                env.interactive() && Terminal.colourAllowed(env) ? CommandLine.Help.Ansi.ON : CommandLine.Help.Ansi.OFF;
        cl.setColorScheme(CommandLine.Help.defaultColorScheme(ansi));
        // An option that means nothing for a completion script is not offered on it.
        CommandSpec completion = cl.getSubcommands().get("generate-completion").getCommandSpec();
        completion.remove(completion.findOption("--quiet"));
        cl.setParameterExceptionHandler((ex, args) -> {
            CommandLine cmd = ex.getCommandLine();
            // The handler runs before the options were applied: read --output-format from the raw words.
            root.outputFormat = ArgumentErrors.outputFormatOf(args);
            root.command = commandName(cmd.getCommandSpec());
            String message = ArgumentErrors.message(ex) + " (see: "
                    + cmd.getCommandSpec().qualifiedName() + " --help)";
            root.terminal().error(message);
            if (root.terminal().json()) {
                root.terminal()
                        .json(root.terminal()
                                .envelope(ExitCode.INVALID_INPUT, message)
                                .put("error", JsonEnvelope.error("arguments", List.of(ConsoleText.strip(message)))));
            }
            return ExitCode.INVALID_INPUT;
        });
        cl.setExecutionStrategy(parseResult -> {
            CommandLine.ParseResult last = parseResult;
            while (last.hasSubcommand()) {
                last = last.subcommand();
            }
            root.command = commandName(last.commandSpec());
            if (root.terminal().json()) {
                Integer answered = root.helpAsJson(parseResult, last);
                if (answered != null) {
                    return answered;
                }
            }
            return new CommandLine.RunLast().execute(parseResult);
        });
        cl.setExecutionExceptionHandler((ex, cmd, parseResult) -> root.fail(ex));
        return cl;
    }

    /** A command's name in JSON documents: {@code submit}, {@code trainjob} for the root itself. */
    static String commandName(CommandSpec command) {
        return command.parent() == null ? "trainjob" : command.name();
    }

    /** {@code --version} and {@code --help} with {@code -o json}: an envelope like every other answer. */
    private Integer helpAsJson(CommandLine.ParseResult parseResult, CommandLine.ParseResult last) {
        if (parseResult.isVersionHelpRequested()) {
            String version = VersionProvider.version();
            terminal()
                    .json(terminal()
                            .envelope(ExitCode.SUCCESS, "trainjob " + version)
                            .put("version", Map.of("trainjob", version, "java", System.getProperty("java.version"))));
            return ExitCode.SUCCESS;
        }
        if (last.commandSpec().userObject() instanceof CommandLine.HelpCommand) {
            // trainjob help [COMMAND]: the named command's usage, else the root's.
            List<String> named = last.matchedPositionals().isEmpty()
                    ? List.of()
                    : last.matchedPositionals().get(0).stringValues();
            CommandLine target = named.isEmpty()
                    ? spec.commandLine()
                    : spec.commandLine().getSubcommands().get(named.get(0));
            if (target != null) {
                terminal()
                        .json(terminal()
                                .envelope(
                                        ExitCode.SUCCESS,
                                        target.getCommandSpec().qualifiedName() + " --help")
                                .put("help", target.getUsageMessage(CommandLine.Help.Ansi.OFF)));
                return ExitCode.SUCCESS;
            }
        }
        for (CommandLine.ParseResult r = parseResult; r != null; r = r.hasSubcommand() ? r.subcommand() : null) {
            if (r.isUsageHelpRequested()) {
                terminal()
                        .json(terminal()
                                .envelope(ExitCode.SUCCESS, last.commandSpec().qualifiedName() + " --help")
                                .put(
                                        "help",
                                        last.commandSpec().commandLine().getUsageMessage(CommandLine.Help.Ansi.OFF)));
                return ExitCode.SUCCESS;
            }
        }
        return null;
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(env.err());
        return ExitCode.INVALID_INPUT;
    }

    public CliEnvironment env() {
        return env;
    }

    private Terminal terminal;

    /** The command running, for its JSON documents. */
    private String command = "trainjob";

    /** One terminal per run, so the live status line has one owner. */
    public Terminal terminal() {
        OutputFormat format = outputFormat == null ? OutputFormat.TEXT : outputFormat;
        if (terminal == null || terminal.format() != format || terminal.quiet() != quiet) {
            terminal = new Terminal(env, format, quiet);
        }
        terminal.command(command);
        return terminal;
    }

    /** The one way a command ends in error: one line on stderr (and a JSON document with --output-format json). */
    public int fail(Throwable failure) {
        return fail(failure, Map.of());
    }

    /**
     * As {@link #fail(Throwable)}, with {@code extra} members in the JSON error document (a submit's
     * {@code attempts} and {@code clientToken}: what was created before the failure).
     */
    public int fail(Throwable failure, Map<String, Object> extra) {
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
                Map<String, Object> error = new java.util.TreeMap<>(JsonEnvelope.error(
                        "spec",
                        invalid.problems().stream().map(SpecProblem::toString).toList()));
                error.put("file", invalid.sourceName());
                error.put("fields", invalid.problems());
                terminal.json(terminal.envelope(
                                code,
                                invalid.sourceName() + ": invalid job spec ("
                                        + invalid.problems().size()
                                        + (invalid.problems().size() == 1 ? " problem)" : " problems)"))
                        .put("error", error));
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
                terminal.json(terminal.envelope(
                                code,
                                lines.size() == 1 ? lines.get(0) : "invalid connection (" + lines.size() + " problems)")
                        .put("error", JsonEnvelope.error("connection", lines)));
            }
            return code;
        }
        terminal.error(ExitCode.describe(cause));
        if (debug) {
            cause.printStackTrace(env.err());
            env.err().flush();
        }
        if (terminal.json()) {
            String message = ConsoleText.strip(ExitCode.describe(cause));
            JsonEnvelope doc = terminal.envelope(code, message)
                    .platform(ExitCode.platformOf(cause))
                    .put("error", JsonEnvelope.error(ExitCode.kind(code), List.of(message)));
            extra.forEach(doc::put);
            terminal.json(doc);
        }
        return code;
    }
}
