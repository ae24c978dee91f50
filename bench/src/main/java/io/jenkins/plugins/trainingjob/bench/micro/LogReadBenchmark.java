package io.jenkins.plugins.trainingjob.bench.micro;

import io.jenkins.plugins.trainingjob.core.monitor.JobEndRead;
import io.jenkins.plugins.trainingjob.core.monitor.Outcome;
import io.jenkins.plugins.trainingjob.core.monitor.WorkerLogReader;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.spec.OutputRule;
import io.jenkins.plugins.trainingjob.core.spec.OutputRules;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.EndlessLog;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Security review 2, N3: what a job's end costs when its log is hostile. An output pattern that backtracks
 * for minutes in java.util.regex ({@code (.*,){8}acc=}: 240 s at 60 commas) over a line of 10,000 commas, a
 * quadratic one over a 16 KiB line, and the whole end-of-job read of a 2 GB log (generated page by page,
 * never stored) in a JVM whose heap is 64 MB: it completes, so the read holds less than that.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx64m")
public class LogReadBenchmark {

    private static final String NONCE = "0123456789abcdef0123456789abcdef";
    private static final OutputRules COMMAS =
            OutputRules.of(List.of(new OutputRule("acc", com.google.re2j.Pattern.compile("(?:.*,){8}acc=([0-9.]+)"))));
    private static final OutputRules QUADRATIC =
            OutputRules.of(List.of(new OutputRule("loss", com.google.re2j.Pattern.compile(".*loss=(\\S+)"))));
    private static final List<String> TEN_THOUSAND_COMMAS = List.of(",".repeat(10_000));
    private static final List<String> SIXTEEN_KIB = List.of("x".repeat(16 * 1024 - 10) + "loss=0.5");
    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-big", "big");
    private static final Outcome FAILED = new Outcome.JobFailed(
            new JobStatus(
                    JOB,
                    JobPhase.FAILED,
                    "Failed",
                    null,
                    null,
                    null,
                    null,
                    "",
                    List.of(new WorkerStatus("big-master-0", "node-1", "Failed", "")),
                    null),
            new io.jenkins.plugins.trainingjob.core.monitor.JobFailure("", 1, "big-master-0", List.of()));

    @Benchmark
    public Map<String, String> patternOverTenThousandCommas() {
        return COMMAS.extract(NONCE, TEN_THOUSAND_COMMAS, new TreeSet<>());
    }

    @Benchmark
    public Map<String, String> quadraticPatternOverA16KibLine() {
        return QUADRATIC.extract(NONCE, SIXTEEN_KIB, new TreeSet<>());
    }

    @Benchmark
    public JobEndRead endOfJobReadOfATwoGigabyteLogIn64MbOfHeap() {
        return WorkerLogReader.read(new EndlessLog(1023), JOB, FAILED, COMMAS, () -> false);
    }
}
