package io.jenkins.plugins.trainingjob.bench.figures;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.bench.scale.ScaleResult;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchmarksDocumentTest {

    private static final Machine MACHINE = new Machine(2, 23.5, "Test CPU", "OpenJDK 17", "Linux");

    private static ScaleResult result(String mode, int n, int threads, double perRound, double p99Ms) {
        return new ScaleResult(
                mode, n, 5000, 500, threads, 7, 20.0, 7.0, 0.1, 2.0, perRound, perRound, n, 3 * n, n, 0, p99Ms / 2,
                p99Ms, p99Ms, 30.0, 7.0, 100.0, 4.0, 0, 0, 0, 0);
    }

    private static BenchmarksDocument document(List<ScaleResult> scale, TimeToReportFigure.Result report) {
        return new BenchmarksDocument(
                MACHINE,
                ZonedDateTime.of(2026, 11, 30, 12, 0, 0, 0, ZoneOffset.UTC),
                "./mvnw -B -Pbench -pl bench -am verify -DskipTests",
                Duration.ofSeconds(600),
                5000,
                500,
                3,
                2,
                3,
                scale,
                report,
                List.of(
                        new MicroFigures.Score(
                                "ReportRenderingBenchmark.render",
                                Map.of("findings", "100000", "format", "TEXT"),
                                250.0,
                                5.0,
                                "ms/op"),
                        new MicroFigures.Score(
                                "AnalysisBenchmark.analyse", Map.of("findings", "100000"), 150.0, 5.0, "ms/op")),
                List.of(new MicroFigures.TextSize(100_000, 25_000, 40, 98, 3000)));
    }

    @Test
    void namesTheMachineTheDateAndTheCommand() {
        String md = document(List.of(), null).render();
        assertThat(md)
                .contains(
                        "2026-11-30 12:00 UTC",
                        "2 cores (Test CPU), 23.5 GiB memory",
                        "`./mvnw -B -Pbench -pl bench -am verify -DskipTests`",
                        "10 min 0 s");
    }

    @Test
    void reportsBothSidesAndTheirRatioPerN() {
        String md = document(
                        List.of(result("monitor", 1000, 17, 2, 3000), result("baseline", 1000, 1017, 1000, 5000)), null)
                .render();
        assertThat(md).contains("| 1,000 | monitor | 17 |", "| 1,000 | baseline | 1,017 |");
        assertThat(md).contains("| 1,000 | 60 x |", "| 500 x |");
    }

    @Test
    void saysByHowMuchATargetIsMissed() {
        String md = document(
                        List.of(
                                result("monitor", 10_000, 17, 20, 12_000),
                                result("baseline", 10_000, 10_017, 10_000, 6000)),
                        new TimeToReportFigure.Result(5, 5000, 2000, 4800, 5900, 10, 20, 5, 5))
                .render();
        assertThat(md)
                .contains("| 10,000 watches: at most 40 live threads (client JVM, all threads) | 17 peak (7 "
                        + "before the first watch) | yes |");
        assertThat(md)
                .contains("| 10,000 watches: p99 detection latency <= 1.5 x poll interval | 2.40 x (12.0 s) "
                        + "| **no** |");
        assertThat(md)
                .contains("p99 latency at 10,000 watches: 12.0 s, 2.4 x the 5.00 s poll interval, 1.6 x over "
                        + "the target of 1.5 x.");
        assertThat(md).contains("time to report: max 5,900 ms, 4,900 ms over the target.");
        assertThat(md)
                .contains(
                        "| 100,000 findings to a text report under 200 ms (analysis + rendering) | 400 ms "
                                + "(150 ms + 250 ms) | **no** |",
                        "100,000 findings to text: 400 ms, 200 ms over the target.");
        assertThat(md).doesNotContain("requests per round at 10,000 watches");
        assertThat(md).contains("**Detection latency missed at 10,000 watches**", "**Time to report missed**");
    }

    @Test
    void survivesAJsonRoundTripSoThatItCanBeReRenderedWithoutMeasuringAgain() throws Exception {
        BenchmarksDocument doc = document(
                List.of(result("monitor", 100, 17, 1, 3000), result("baseline", 100, 117, 100, 5000)),
                new TimeToReportFigure.Result(5, 5000, 2000, 48, 59, 10, 20, 5, 5));
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper()
                .findAndRegisterModules()
                .disable(com.fasterxml.jackson.databind.SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
        BenchmarksDocument back = json.readValue(json.writeValueAsString(doc), BenchmarksDocument.class);
        assertThat(back.render()).isEqualTo(doc.render());
    }

    @Test
    void countsRequestsAboveCeilOfNOverPageSizeAsAMiss() {
        String md =
                document(List.of(result("monitor", 1000, 17, 2.5, 3000)), null).render();
        assertThat(md)
                .contains(
                        "| 1,000 watches: requests per poll round <= ceil(N / 500) = 2 | 2.5 (steady state) "
                                + "| **no** |",
                        "requests per round at 1,000 watches: 2.5, 0.5 over the bound of 2 (1.25 x).");
    }
}
