package io.jenkins.plugins.trainingjob.bench.micro;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisAnalyzer;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** The step before rendering: raw diagnosis to report (normalise, fold node ranges, verdict, hints). */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class AnalysisBenchmark {

    @Param({"100", "10000", "100000"})
    public int findings;

    private final DiagnosisAnalyzer analyzer = new DiagnosisAnalyzer();
    private AihcScheduleDiagnosis raw;

    @Setup
    public void build() {
        raw = DiagnosisFixture.aihc(findings);
    }

    @Benchmark
    public DiagnosisReport analyse() {
        return analyzer.analyze(raw);
    }
}
