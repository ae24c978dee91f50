package io.jenkins.plugins.trainingjob.bench.micro;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcJobReader;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.TrainingJobDocument;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Figure 4b: a 500-job list page from bytes to job statuses, the way each client's {@code listStatuses}
 * does it (Jackson tree, then the client's lenient job reader).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ListPageParsingBenchmark {

    public static final int JOBS = 500;
    private static final ObjectMapper JSON = new ObjectMapper();

    private byte[] aihcPage;
    private byte[] senseCorePage;

    @Setup
    public void pages() {
        aihcPage = ListPageFixture.aihc(JOBS);
        senseCorePage = ListPageFixture.senseCore(JOBS);
    }

    @Benchmark
    public List<JobStatus> aihc() throws IOException {
        return parseAihc(aihcPage);
    }

    @Benchmark
    public List<JobStatus> senseCore() throws IOException {
        return parseSenseCore(senseCorePage);
    }

    public static List<JobStatus> parseAihc(byte[] page) throws IOException {
        JsonNode jobs = JSON.readTree(page).path("result").path("jobs");
        List<JobStatus> out = new ArrayList<>(jobs.size());
        for (JsonNode job : jobs) {
            out.add(AihcJobReader.read(job, null));
        }
        return out;
    }

    public static List<JobStatus> parseSenseCore(byte[] page) throws IOException {
        JsonNode jobs = JSON.readTree(page).path("training_jobs");
        List<JobStatus> out = new ArrayList<>(jobs.size());
        for (JsonNode job : jobs) {
            TrainingJobDocument doc = TrainingJobDocument.from(job);
            out.add(doc.toStatus(doc.name(), List.of()));
        }
        return out;
    }
}
