package io.jenkins.plugins.trainingjob.bench.figures;

import io.jenkins.plugins.trainingjob.bench.micro.AnalysisBenchmark;
import io.jenkins.plugins.trainingjob.bench.micro.DiagnosisFixture;
import io.jenkins.plugins.trainingjob.bench.micro.ListPageParsingBenchmark;
import io.jenkins.plugins.trainingjob.bench.micro.ReportRenderingBenchmark;
import io.jenkins.plugins.trainingjob.bench.micro.SigningBenchmark;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisAnalyzer;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Figures 3 and 4 through JMH, with short settings that fit the 15-minute budget on 2 cores: one fork,
 * {@code warmups} x 1 s warm-up and {@code iterations} x 1 s measurement per benchmark. Errors are JMH's
 * 99.9% confidence half-widths over so few iterations: read them as rough.
 */
public final class MicroFigures {

    /** One JMH score. */
    public record Score(String benchmark, Map<String, String> params, double score, double error, String unit) {}

    /** The rendered text report's size at one finding count (not a timing). */
    public record TextSize(int findings, int nodes, int lines, int maxColumns, int characters) {}

    private final int warmups;
    private final int iterations;

    public MicroFigures(int warmups, int iterations) {
        this.warmups = warmups;
        this.iterations = iterations;
    }

    public int warmups() {
        return warmups;
    }

    public int iterations() {
        return iterations;
    }

    public List<Score> run(List<Class<?>> benchmarks, Map<String, String[]> params) throws RunnerException {
        List<Score> scores = new ArrayList<>();
        for (Class<?> benchmark : benchmarks) {
            System.out.println("  JMH " + benchmark.getSimpleName() + " ...");
            OptionsBuilder b = new OptionsBuilder();
            b.include("\\." + benchmark.getSimpleName() + "\\.")
                    .forks(1)
                    .warmupIterations(warmups)
                    .warmupTime(TimeValue.seconds(1))
                    .measurementIterations(iterations)
                    .measurementTime(TimeValue.seconds(1))
                    .jvmArgs("-Xmx2g")
                    .verbosity(VerboseMode.SILENT)
                    .shouldFailOnError(true);
            params.forEach(b::param);
            Options options = b.build();
            for (RunResult r : new Runner(options).run()) {
                var primary = r.getPrimaryResult();
                String name = r.getParams().getBenchmark();
                name = name.substring(name.lastIndexOf('.', name.lastIndexOf('.') - 1) + 1);
                Map<String, String> p = new LinkedHashMap<>();
                for (String key : r.getParams().getParamsKeys()) {
                    p.put(key, r.getParams().getParam(key));
                }
                scores.add(new Score(name, p, primary.getScore(), primary.getScoreError(), primary.getScoreUnit()));
            }
        }
        scores.sort(Comparator.comparing(Score::benchmark)
                .thenComparing(s -> s.params().toString()));
        return scores;
    }

    /** All the figure-3 and figure-4 benchmarks. */
    public static List<Class<?>> all() {
        return List.of(
                ReportRenderingBenchmark.class,
                AnalysisBenchmark.class,
                SigningBenchmark.class,
                ListPageParsingBenchmark.class);
    }

    /** Lines, widest line and characters of the text report per finding count. */
    public static List<TextSize> textSizes(int... findings) {
        List<TextSize> sizes = new ArrayList<>();
        DiagnosisAnalyzer analyzer = new DiagnosisAnalyzer();
        for (int f : findings) {
            DiagnosisReport report = analyzer.analyze(DiagnosisFixture.aihc(f));
            String text = ReportFormat.TEXT.render(report);
            String[] lines = text.split("\n", -1);
            int count = text.endsWith("\n") ? lines.length - 1 : lines.length;
            int width = 0;
            for (String l : lines) {
                width = Math.max(width, l.codePointCount(0, l.length()));
            }
            sizes.add(new TextSize(f, DiagnosisFixture.nodesFor(f), count, width, text.length()));
        }
        return sizes;
    }

    /** Output sizes of every format at one finding count, in characters, for the notes. */
    public static Map<ReportFormat, Integer> outputSizes(int findings) {
        DiagnosisReport report = new DiagnosisAnalyzer().analyze(DiagnosisFixture.aihc(findings));
        Map<ReportFormat, Integer> sizes = new TreeMap<>();
        for (ReportFormat f : ReportFormat.values()) {
            sizes.put(f, f.render(report).length());
        }
        return sizes;
    }
}
