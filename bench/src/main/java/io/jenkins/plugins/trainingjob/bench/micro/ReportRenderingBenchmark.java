package io.jenkins.plugins.trainingjob.bench.micro;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisAnalyzer;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Figure 3: rendering an analysed report of 100 to 100,000 findings, per format. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ReportRenderingBenchmark {

    @Param({"100", "10000", "100000"})
    public int findings;

    @Param({"TEXT", "MARKDOWN", "HTML", "JSON", "JUNIT"})
    public ReportFormat format;

    private DiagnosisReport report;

    @Setup
    public void analyse() {
        report = new DiagnosisAnalyzer().analyze(DiagnosisFixture.aihc(findings));
    }

    @Benchmark
    public String render() {
        return format.render(report);
    }
}
