package io.jenkins.plugins.trainingjob.bench;

import io.jenkins.plugins.trainingjob.bench.eta.EtaCalibrationFigure;
import io.jenkins.plugins.trainingjob.bench.eta.EtaCostFigure;
import io.jenkins.plugins.trainingjob.bench.eta.EtaFigure;
import io.jenkins.plugins.trainingjob.bench.eta.FallbackFigure;
import io.jenkins.plugins.trainingjob.bench.figures.BenchmarksDocument;
import io.jenkins.plugins.trainingjob.bench.figures.Machine;
import io.jenkins.plugins.trainingjob.bench.figures.MicroFigures;
import io.jenkins.plugins.trainingjob.bench.figures.PreflightFigure;
import io.jenkins.plugins.trainingjob.bench.figures.SnapshotFigure;
import io.jenkins.plugins.trainingjob.bench.figures.TimeToReportFigure;
import io.jenkins.plugins.trainingjob.bench.scale.HistoryReadsFigure;
import io.jenkins.plugins.trainingjob.bench.scale.ScaleFigure;
import io.jenkins.plugins.trainingjob.bench.scale.ScaleResult;
import io.jenkins.plugins.trainingjob.bench.scale.SimulatorProcess;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Runs every figure and writes {@code docs/benchmarks.md}: {@code BenchMain --output FILE --mode full|quick}.
 * {@code quick} (N = 100 only, minimal JMH) is a smoke run and writes {@code bench/target/benchmarks-quick.md}
 * instead; {@code scale:N,N} runs figures 1 and 2 only; {@code eta}, {@code preflight}, {@code fallback} and
 * {@code snapshot} run figure 6, 5, 7 or 8 alone; {@code eta-cost} prints figure 6 (d) and writes nothing; {@code history:N,N} runs figure 1's history reads alone (estimating watches);
 * {@code render --results FILE} re-renders a run.
 */
public final class BenchMain {

    static final String COMMAND = "./mvnw -B -Pbench -pl bench -am verify -DskipTests";
    static final long POLL_MS = 5_000;
    static final int PAGE_SIZE = 500;
    static final int STEADY_ROUNDS = 3;

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
            new com.fasterxml.jackson.databind.ObjectMapper()
                    .findAndRegisterModules()
                    .disable(com.fasterxml.jackson.databind.SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    private BenchMain() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            options.put(args[i], args[i + 1]);
        }
        Path output = Path.of(options.getOrDefault("--output", "docs/benchmarks.md"))
                .toAbsolutePath()
                .normalize();
        String mode = options.getOrDefault("--mode", "full");
        boolean quick = mode.equals("quick");
        if (quick) {
            output =
                    output.resolveSibling("../bench/target/benchmarks-quick.md").normalize();
        }
        int[] sizes = quick
                ? new int[] {100}
                : mode.startsWith("scale:")
                        ? Arrays.stream(mode.substring(6).split(","))
                                .mapToInt(Integer::parseInt)
                                .toArray()
                        : new int[] {100, 1_000, 10_000};
        if (mode.equals("render")) {
            write(JSON.readValue(Path.of(options.get("--results")).toFile(), BenchmarksDocument.class), output);
            return;
        }
        if (mode.equals("eta-cost")) {
            // figure 6 (d) alone, printed, writing nothing: the cost measures without the 30 s calibration
            System.out.println(EtaFigure.costTable(new EtaCostFigure().run()));
            return;
        }
        if (mode.equals("eta") || mode.startsWith("eta:")) {
            // figure 6 alone; eta:N only replays the trace on N nodes and prints the scores, writing nothing
            if (mode.startsWith("eta:")) {
                System.out.println(EtaFigure.replayOnly(Integer.parseInt(mode.substring(4))));
                return;
            }
            spliceFigure6(output);
            return;
        }
        if (mode.equals("fallback") || mode.startsWith("fallback:")) {
            // figure 7 alone, spliced into the existing document; fallback:N replays N nodes per queue and
            // prints the table, writing nothing (for choosing the replay's size)
            if (mode.startsWith("fallback:")) {
                List<io.jenkins.plugins.trainingjob.bench.eta.FallbackReplay.Result> runs = new ArrayList<>();
                for (String n : mode.substring(9).split("/")) {
                    runs.add(FallbackFigure.run(Integer.parseInt(n)));
                }
                System.out.println(FallbackFigure.markdown(runs));
                return;
            }
            spliceFigure7(output);
            return;
        }
        if (mode.startsWith("history:")) {
            // figure 1's history reads alone, spliced into the existing document: history:N,N
            spliceHistoryReads(
                    output,
                    Arrays.stream(mode.substring(8).split(","))
                            .mapToInt(Integer::parseInt)
                            .toArray());
            return;
        }
        if (mode.equals("snapshot")) {
            // figure 8 alone, spliced into the existing document
            spliceFigure8(output);
            return;
        }
        if (mode.equals("preflight")) {
            // figure 5 alone, spliced into the existing document (a full run takes minutes)
            spliceFigure5(output);
            return;
        }
        long started = System.nanoTime();
        Machine machine = Machine.current();
        System.out.println("Training Job benchmarks on " + machine.describe());

        Path scenario = Files.createTempFile("bench-scenario-", ".yaml");
        List<ScaleResult> scale = new ArrayList<>();
        TimeToReportFigure.Result report;
        try (InputStream in = BenchMain.class.getResourceAsStream("scale-scenario.yaml")) {
            Files.copy(in, scenario, StandardCopyOption.REPLACE_EXISTING);
        }
        try (SimulatorProcess sim = SimulatorProcess.start(scenario, "4g")) {
            System.out.println("Simulator (pid " + sim.pid() + ") at " + sim.baseUrl());
            ScaleFigure figure = new ScaleFigure(sim.baseUrl(), POLL_MS, PAGE_SIZE, STEADY_ROUNDS);
            for (int n : sizes) {
                for (String side : List.of("monitor", "baseline")) {
                    System.out.printf("Figure 1: %,d watches, %s%n", n, side);
                    ScaleResult r = figure.run(side, n);
                    System.out.println("  " + r);
                    scale.add(r);
                }
            }
            System.out.println("Figure 2: time to report");
            report = new TimeToReportFigure(
                            sim.baseUrl(), Duration.ofMillis(POLL_MS), Duration.ofSeconds(2), quick ? 2 : 5)
                    .run();
            System.out.println("  " + report);
        } finally {
            Files.deleteIfExists(scenario);
        }
        if (mode.startsWith("scale:")) {
            return;
        }

        MicroFigures micro = quick ? new MicroFigures(1, 1) : new MicroFigures(2, 3);
        Map<String, String[]> params = quick ? Map.of("findings", new String[] {"100"}) : Map.of();
        System.out.println("Figures 3 and 4: JMH");
        List<MicroFigures.Score> scores = micro.run(MicroFigures.all(), params);
        List<MicroFigures.TextSize> textSizes = MicroFigures.textSizes(100, 10_000, 100_000);

        Duration took = Duration.ofNanos(System.nanoTime() - started);
        BenchmarksDocument document = new BenchmarksDocument(
                machine,
                ZonedDateTime.now(ZoneOffset.UTC),
                COMMAND,
                took,
                POLL_MS,
                PAGE_SIZE,
                STEADY_ROUNDS,
                micro.warmups(),
                micro.iterations(),
                scale,
                report,
                scores,
                textSizes);
        // The raw measurements, so that the document can be re-rendered without re-measuring (--mode render).
        Path raw = output.resolveSibling("../bench/target/bench-results.json").normalize();
        Files.createDirectories(raw.getParent());
        JSON.writerWithDefaultPrettyPrinter().writeValue(raw.toFile(), document);
        write(document, output);
        spliceFigure5(output);
        spliceFigure6(output);
        spliceFigure7(output);
        spliceFigure8(output);
    }

    private static void spliceFigure8(Path output) throws Exception {
        System.out.println("Figure 8: start snapshots");
        SnapshotFigure.Result r = new SnapshotFigure().run();
        System.out.println("  " + r);
        spliceInto(output, doc -> SnapshotFigure.splice(doc, r), SnapshotFigure.markdown(r));
    }

    private static void spliceFigure6(Path output) throws Exception {
        System.out.println("Figure 6: ETA calibration and cost");
        EtaCalibrationFigure.Result cal = new EtaCalibrationFigure().run(EtaCalibrationFigure.REPLAY_NODES);
        EtaCostFigure.Result cost = new EtaCostFigure().run();
        String section = EtaFigure.markdown(cal, cost);
        spliceInto(output, doc -> EtaFigure.splice(doc, section), section);
    }

    private static void spliceFigure7(Path output) throws Exception {
        System.out.println("Figure 7: fallback");
        String section = FallbackFigure.markdown(FallbackFigure.run());
        spliceInto(output, doc -> FallbackFigure.splice(doc, section), section);
    }

    private static void spliceHistoryReads(Path output, int[] sizes) throws Exception {
        Path scenario = Files.createTempFile("bench-scenario-", ".yaml");
        List<ScaleResult> runs = new ArrayList<>();
        try (InputStream in = BenchMain.class.getResourceAsStream("scale-scenario.yaml")) {
            Files.copy(in, scenario, StandardCopyOption.REPLACE_EXISTING);
        }
        try (SimulatorProcess sim = SimulatorProcess.start(scenario, "4g")) {
            ScaleFigure figure = new ScaleFigure(sim.baseUrl(), POLL_MS, PAGE_SIZE, HistoryReadsFigure.STEADY_ROUNDS);
            for (int n : sizes) {
                System.out.printf("Figure 1, history reads: %,d estimating watches%n", n);
                ScaleResult r = figure.run(ScaleFigure.MONITOR_ESTIMATING, n);
                System.out.println("  " + r);
                runs.add(r);
            }
        } finally {
            Files.deleteIfExists(scenario);
        }
        String command = COMMAND + " -Dbench.args=history:"
                + String.join(
                        ",", Arrays.stream(sizes).mapToObj(Integer::toString).toList());
        String section = HistoryReadsFigure.markdown(
                runs,
                ZonedDateTime.now(ZoneOffset.UTC)
                        .format(java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")),
                command);
        spliceInto(output, doc -> HistoryReadsFigure.splice(doc, section), section);
    }

    private static void spliceFigure5(Path output) throws Exception {
        System.out.println("Figure 5: pre-flight");
        PreflightFigure.Result r = new PreflightFigure().run();
        System.out.println("  " + r);
        spliceInto(output, doc -> PreflightFigure.splice(doc, r), PreflightFigure.markdown(r));
    }

    /** Writes one figure's section into {@code output} (made when missing), and prints what it wrote. */
    private static void spliceInto(Path output, UnaryOperator<String> splice, String section) throws IOException {
        String doc = Files.exists(output) ? Files.readString(output, StandardCharsets.UTF_8) : "# Benchmarks\n";
        Files.writeString(output, splice.apply(doc), StandardCharsets.UTF_8);
        System.out.println(section);
        System.out.println("Written to " + output);
    }

    private static void write(BenchmarksDocument document, Path output) throws IOException {
        String md = keptHistoryReads(document.render(), output) + startTimeSection(output);
        System.out.println();
        System.out.println(md);
        Files.createDirectories(output.getParent());
        Files.writeString(output, md, StandardCharsets.UTF_8);
        System.out.println("Written to " + output + " (" + document.took().toSeconds() + " s)");
    }

    /**
     * Figure 1's history reads, measured by {@code --mode history:N} (a run of its own, 13 rounds per size):
     * kept from the previous document after figure 1, since a full run does not measure it.
     */
    private static String keptHistoryReads(String rendered, Path output) throws IOException {
        return Files.exists(output)
                ? keepHistoryReads(rendered, Files.readString(output, StandardCharsets.UTF_8))
                : rendered;
    }

    /** {@code rendered} with the history-reads section of {@code old} (if any) before figure 2. */
    static String keepHistoryReads(String rendered, String old) {
        int from = old.indexOf(HistoryReadsFigure.BEGIN);
        int to = old.indexOf(HistoryReadsFigure.END);
        int figure2 = rendered.indexOf("## Figure 2");
        if (from < 0 || to < from || figure2 < 0) {
            return rendered;
        }
        String section = old.substring(from, to + HistoryReadsFigure.END.length()) + "\n\n";
        return rendered.substring(0, figure2) + section + rendered.substring(figure2);
    }

    /**
     * The CLI's start-time section, measured by {@code bench/start-time.sh} (whole processes through the
     * launcher, not a JVM benchmark): kept from the previous document, since this run does not measure it.
     */
    private static String startTimeSection(Path output) throws IOException {
        if (!Files.exists(output)) {
            return "";
        }
        String old = Files.readString(output, StandardCharsets.UTF_8);
        int from = old.indexOf("<!-- start-time");
        int to = old.indexOf("<!-- /start-time -->");
        return from >= 0 && to > from ? "\n" + old.substring(from, to + "<!-- /start-time -->".length()) + "\n" : "";
    }
}
