package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.cli.InterruptSignal;
import io.jenkins.plugins.trainingjob.cli.output.ReportFiles;
import io.jenkins.plugins.trainingjob.cli.terminal.ForegroundSigint;
import io.jenkins.plugins.trainingjob.cli.terminal.ShutdownHookInterrupts;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(
        name = "simulator",
        header = "Run the AIHC and SenseCore simulator in the foreground (Ctrl-C stops it).",
        description = {
            "Serves both platforms' APIs on 127.0.0.1 over a simulated cluster and prints the",
            "settings to point trainjob (or any client) at it. Exits 0 when stopped with Ctrl-C."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  trainjob simulator",
            "  trainjob simulator --port 8080 --speed 10",
            "  trainjob simulator --scenario workload      # a busy queue with a history: ETAs",
            "  trainjob simulator --scenario my-cluster.yaml"
        })
public final class SimulatorCommand implements Callable<Integer> {

    static final String DEFAULT_SCENARIO = "seed-taint-and-gpu";

    @ParentCommand
    TrainJob root;

    @Option(
            names = "--scenario",
            paramLabel = "FILE|NAME",
            defaultValue = DEFAULT_SCENARIO,
            description = "A scenario YAML file, or a bundled scenario name (default: ${DEFAULT-VALUE}).")
    String scenario;

    @Option(
            names = "--port",
            paramLabel = "N",
            defaultValue = "0",
            description = "Port on 127.0.0.1; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(
            names = "--speed",
            paramLabel = "X",
            description = "Simulated seconds per real second (default: the scenario's; 0 freezes the clock).")
    Double speed;

    @Override
    public Integer call() throws InterruptedException {
        if (port < 0 || port > 65535) {
            throw CliException.invalidInput("--port must be from 0 to 65535, was " + port);
        }
        if (speed != null && speed < 0) {
            throw CliException.invalidInput("--speed must not be negative, was " + speed);
        }
        Scenario world = load(scenario);
        if (speed != null) {
            world = world.withSpeed(speed);
        }
        Terminal terminal = root.terminal();
        CountDownLatch stop = new CountDownLatch(1);
        try (Simulator sim = Simulator.start(world, port);
                InterruptSignal.Registration ignored = root.env().interrupts().onInterrupt(stop::countDown);
                ForegroundSigint sigint = root.env().interrupts() instanceof ShutdownHookInterrupts
                        ? ForegroundSigint.install(stop::countDown)
                        : ForegroundSigint.NONE) {
            if (terminal.json()) {
                terminal.json(terminal.envelope(
                                ExitCode.SUCCESS,
                                "simulator running at " + sim.baseUrl() + " (scenario "
                                        + sim.scenario().name() + ")")
                        .put("simulator", describe(sim, scenario)));
            } else {
                terminal.result(banner(sim, scenario));
            }
            terminal.progress("simulator running; press Ctrl-C to stop it");
            stop.await();
            terminal.progress("simulator stopped");
        } catch (UncheckedIOException e) {
            if (e.getCause() instanceof java.net.BindException) {
                throw CliException.invalidInput(
                        "--port " + port + ": the port is in use; pick another, or 0 for a " + "free one");
            }
            throw e;
        }
        return ExitCode.SUCCESS;
    }

    static Scenario load(String nameOrFile) {
        try {
            return Scenario.resolve(nameOrFile);
        } catch (UncheckedIOException e) {
            throw CliException.invalidInput("--scenario " + nameOrFile + ": neither a bundled scenario nor a file "
                    + "that can be read (" + ReportFiles.reason(e.getCause()) + "); bundled scenarios: "
                    + String.join(", ", Scenario.BUNDLED));
        } catch (IllegalArgumentException e) {
            throw CliException.invalidInput(
                    malformed(nameOrFile, e) + " (bundled scenarios: " + String.join(", ", Scenario.BUNDLED) + ")");
        }
    }

    /**
     * A scenario's YAML syntax error in the spec reader's words ({@code malformed YAML at line 2, column 1:
     * ...}) instead of the parser's multi-line excerpt; other problems as the simulator words them.
     */
    static String malformed(String source, IllegalArgumentException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof org.yaml.snakeyaml.error.MarkedYAMLException yaml) {
                String problem = yaml.getProblem() == null
                        ? "syntax error"
                        : yaml.getProblem().strip().lines().findFirst().orElse("syntax error");
                var mark = yaml.getProblemMark();
                return "scenario " + source + ": malformed YAML"
                        + (mark == null
                                ? ""
                                : " at line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1))
                        + ": " + problem;
            }
        }
        return e.getMessage();
    }

    static Map<String, Object> describe(Simulator sim, String scenarioName) {
        Scenario s = sim.scenario();
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("scenario", s.name());
        doc.put("endpoint", sim.baseUrl().toString());
        doc.put(
                "aihcResourcePools",
                s.aihc().resourcePools().stream()
                        .map(Scenario.ResourcePoolDecl::id)
                        .toList());
        doc.put(
                "senseCoreWorkspaces",
                s.sensecore().workspaces().stream()
                        .map(w -> Map.of(
                                "subscription",
                                w.subscription(),
                                "resourceGroup",
                                w.resourceGroup(),
                                "zone",
                                w.zone(),
                                "workspace",
                                w.name()))
                        .toList());
        doc.put(
                "accessKey",
                s.credentials().isEmpty() ? "" : s.credentials().get(0).accessKey());
        return doc;
    }

    /** What to export to point trainjob at this simulator. */
    public static String banner(Simulator sim, String scenarioName) {
        Scenario s = sim.scenario();
        StringBuilder b = new StringBuilder();
        b.append(sim.headline()).append("\n\n");
        b.append("Point trainjob at it:\n");
        b.append("  export TRAINJOB_ENDPOINT=").append(sim.baseUrl()).append('\n');
        if (!s.credentials().isEmpty()) {
            b.append("  export TRAINJOB_ACCESS_KEY=")
                    .append(s.credentials().get(0).accessKey())
                    .append('\n');
            // The bundled scenarios' secret is public (documented in the README); a custom file's is not printed.
            boolean bundled = Scenario.BUNDLED.contains(scenarioName);
            b.append("  export TRAINJOB_SECRET_KEY=")
                    .append(bundled ? s.credentials().get(0).secretKey() : "<secretKey from " + scenarioName + ">")
                    .append('\n');
        }
        // Platform and pool too: status, cancel, await and diagnose have no spec to take them from.
        List<String> pools = s.aihc().resourcePools().stream()
                .map(Scenario.ResourcePoolDecl::id)
                .toList();
        if (!pools.isEmpty()) {
            b.append("  export TRAINJOB_PLATFORM=aihc\n");
            b.append("  export TRAINJOB_RESOURCE_POOL=").append(pools.get(0)).append('\n');
            if (pools.size() > 1) {
                b.append("  # other AIHC pools: ")
                        .append(String.join(", ", pools.subList(1, pools.size())))
                        .append('\n');
            }
        }
        s.sensecore().workspaces().stream().findFirst().ifPresent(w -> b.append("\nFor SenseCore instead:\n")
                .append("  export TRAINJOB_PLATFORM=sensecore TRAINJOB_SUBSCRIPTION=")
                .append(w.subscription())
                .append(" TRAINJOB_RESOURCE_GROUP=")
                .append(w.resourceGroup())
                .append(" \\\n")
                .append("         TRAINJOB_ZONE=")
                .append(w.zone())
                .append(" TRAINJOB_WORKSPACE=")
                .append(w.name())
                .append('\n'));
        b.append("\nAdmin view: ").append(sim.baseUrl()).append("/_sim/state\n");
        return b.toString();
    }
}
