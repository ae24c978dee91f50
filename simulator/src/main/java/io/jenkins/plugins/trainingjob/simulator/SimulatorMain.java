package io.jenkins.plugins.trainingjob.simulator;

import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;

/**
 * {@code java -cp ... SimulatorMain [--scenario FILE|NAME] [--port N] [--speed X]}: runs the simulator
 * until interrupted. Prints the endpoint and the credentials to use. The CLI wires this as
 * {@code trainjob simulator}.
 */
public final class SimulatorMain {

    private SimulatorMain() {}

    public static void main(String[] args) throws InterruptedException {
        int code = run(args, System.out, System.err);
        if (code != 0) {
            System.exit(code);
        }
    }

    /** Starts the simulator and blocks; returns an exit code when the arguments are wrong. */
    static int run(String[] args, PrintStream out, PrintStream err) throws InterruptedException {
        Scenario scenario;
        int port;
        try {
            Options o = Options.parse(args);
            if (o.help) {
                out.println(usage());
                return 0;
            }
            scenario = Scenario.resolve(o.scenario);
            if (o.speed != null) {
                scenario = scenario.withSpeed(o.speed);
            }
            port = o.port;
        } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
            err.println("simulator: " + e.getMessage());
            err.println(usage());
            return 2;
        }
        Simulator sim = Simulator.start(scenario, port);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            sim.close();
            stopped.countDown();
        }));
        out.println(banner(sim));
        out.flush();
        stopped.await();
        return 0;
    }

    static String banner(Simulator sim) {
        Scenario s = sim.scenario();
        StringBuilder b = new StringBuilder();
        b.append(sim.headline()).append('\n');
        b.append("  AIHC endpoint:      ").append(sim.baseUrl()).append("  (resource pools: ");
        b.append(String.join(
                        ", ",
                        s.aihc().resourcePools().stream()
                                .map(Scenario.ResourcePoolDecl::id)
                                .toList()))
                .append(")\n");
        b.append("  SenseCore endpoint: ").append(sim.baseUrl()).append("  (workspaces: ");
        b.append(String.join(
                        ", ",
                        s.sensecore().workspaces().stream()
                                .map(w -> w.subscription() + "/" + w.resourceGroup() + "/" + w.zone() + "/" + w.name())
                                .toList()))
                .append(")\n");
        b.append("  access key:         ")
                .append(s.credentials().get(0).accessKey())
                .append("  (secret: see the scenario file)\n");
        b.append("  admin API:          ").append(sim.baseUrl()).append("/_sim/state");
        return b.toString();
    }

    static String usage() {
        return "usage: SimulatorMain [--scenario FILE|NAME] [--port N] [--speed X]\n"
                + "  --scenario  a scenario YAML file or a bundled name " + Scenario.BUNDLED
                + " (default seed-taint-and-gpu)\n"
                + "  --port      port on 127.0.0.1 (default 0 = any free port)\n"
                + "  --speed     simulated seconds per real second (0 freezes the clock)";
    }

    /** The parsed command line. */
    static final class Options {
        String scenario = "seed-taint-and-gpu";
        int port;
        Double speed;
        boolean help;

        static Options parse(String[] args) {
            Options o = new Options();
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "-h", "--help" -> o.help = true;
                    case "--scenario" -> o.scenario = value(args, ++i, a);
                    case "--port" -> o.port = number(value(args, ++i, a), a, 0, 65535);
                    case "--speed" -> {
                        try {
                            o.speed = Double.parseDouble(value(args, ++i, a));
                        } catch (NumberFormatException e) {
                            throw new IllegalArgumentException("--speed needs a number");
                        }
                    }
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
            return o;
        }

        private static String value(String[] args, int i, String option) {
            if (i >= args.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return args[i];
        }

        private static int number(String v, String option, int min, int max) {
            try {
                int n = Integer.parseInt(v);
                if (n < min || n > max) {
                    throw new NumberFormatException();
                }
                return n;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + " must be an integer from " + min + " to " + max);
            }
        }
    }
}
