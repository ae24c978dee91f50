package io.jenkins.plugins.trainingjob.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.eta.HistoryJob;
import io.jenkins.plugins.trainingjob.core.eta.HistoryReader;
import io.jenkins.plugins.trainingjob.core.eta.QueueHistory;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobState;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobView;
import io.jenkins.plugins.trainingjob.simulator.scenario.TraceJob;
import io.jenkins.plugins.trainingjob.simulator.scenario.WorkloadTrace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workload mode: a trace replayed, time-compressed, into the cluster model, its history before now (times in
 * the past, as the job list shows them) and its live arrivals after.
 */
class WorkloadSimulationTest {

    private static final String POOL = "cce-workload";

    @TempDir
    Path dir;

    @Test
    void theBundledWorkloadStartsWithAHistoryInThePastAndABusyQueue() {
        try (Simulator sim = Simulator.start(Scenario.bundled("workload").withSpeed(0))) {
            Instant now = sim.now();
            List<JobView> jobs = sim.jobs();
            long finished =
                    jobs.stream().filter(j -> j.state() == JobState.SUCCEEDED).count();
            long running =
                    jobs.stream().filter(j -> j.state() == JobState.RUNNING).count();
            long waiting =
                    jobs.stream().filter(j -> j.state() == JobState.QUEUED).count();
            assertThat(finished).isGreaterThanOrEqualTo(20);
            assertThat(running).isPositive();
            assertThat(waiting).isPositive();
            // only the history: every job arrived before now, the live arrivals are still to come
            assertThat(jobs).allMatch(j -> j.createdAt().isBefore(now));
            assertThat(jobs)
                    .filteredOn(j -> j.finishedAt() != null)
                    .allMatch(
                            j -> !j.finishedAt().isAfter(now) && !j.startedAt().isBefore(j.createdAt()));
            // the queue is full: what waits, waits for capacity
            assertThat(sim.freeCapacity().values()).allMatch(r -> r.amounts().getOrDefault("nvidia.com/gpu", 0.0) < 4);
            // history reaches 2 trace days back, compressed 60 times: 48 simulated minutes
            assertThat(Duration.between(jobs.get(0).createdAt(), now))
                    .isBetween(Duration.ofMinutes(40), Duration.ofMinutes(48));
        }
    }

    @Test
    void theJobListShowsTheHistoryAsTheQueueHistoryReaderReadsIt() {
        try (Simulator sim = Simulator.start(Scenario.bundled("workload").withSpeed(0))) {
            AihcClient client = SimClients.aihc(sim, POOL, "default");
            QueueHistory history =
                    new HistoryReader(10, 1000).read(client, "default", QueueHistory.DEFAULT_WINDOW, sim.now());
            assertThat(history.finishedCount()).isGreaterThanOrEqualTo(20);
            assertThat(history.jobs()).hasSize(sim.jobs().size());
            assertThat(history.running()).isNotEmpty();
            assertThat(history.waiting()).isNotEmpty();
            // sizes come through the list: pods × GPUs per pod, as the trace gives them
            assertThat(history.jobs())
                    .extracting(HistoryJob::gpus)
                    .contains(4, 8, 16)
                    .allMatch(g -> g >= 4);
            assertThat(history.truncated()).isFalse();
        }
    }

    @Test
    void liveArrivalsComeAsTheClockMovesAtTheirCompressedMoment() {
        try (Simulator sim = Simulator.start(Scenario.bundled("workload").withSpeed(0))) {
            int before = sim.jobs().size();
            Instant now = sim.now();
            List<TraceJob> trace = sim.scenario().workload().jobs();
            TraceJob firstLive =
                    trace.stream().filter(j -> j.at() >= 0).findFirst().orElseThrow();
            sim.advanceClock(Duration.ofSeconds(firstLive.at() / 60 + 1));
            List<JobView> after = sim.jobs();
            assertThat(after).hasSizeGreaterThan(before);
            JobView arrived = after.get(before);
            assertThat(Duration.between(now, arrived.createdAt()).toSeconds())
                    .isBetween(firstLive.at() / 60 - 1, firstLive.at() / 60 + 1);
            assertThat(arrived.pods()).hasSize(firstLive.pods());
        }
    }

    @Test
    void aResetReplaysTheSameHistoryWithTheSameIds() {
        try (Simulator sim = Simulator.start(Scenario.bundled("workload").withSpeed(0))) {
            List<String> ids = sim.jobs().stream().map(JobView::id).toList();
            List<JobState> states = sim.jobs().stream().map(JobView::state).toList();
            sim.reset();
            assertThat(sim.jobs().stream().map(JobView::id).toList()).isEqualTo(ids);
            assertThat(sim.jobs().stream().map(JobView::state).toList()).isEqualTo(states);
        }
    }

    @Test
    void theThinWorkloadHasTooFewFinishedJobsForAnEstimateButABusyQueue() {
        try (Simulator sim = Simulator.start(Scenario.bundled("workload-thin").withSpeed(0))) {
            List<JobView> jobs = sim.jobs();
            assertThat(jobs.stream()
                            .filter(j -> j.state() == JobState.SUCCEEDED)
                            .count())
                    .isLessThan(20);
            assertThat(jobs).anyMatch(j -> j.state() == JobState.QUEUED);
        }
    }

    @Test
    void anInlineTraceWithRunsAndWaitsComesOutAsTheSchedulerMakesThem() {
        String yaml = """
                name: inline
                credentials: [{accessKey: ak, secretKey: sk}]
                timing: {speed: 0, fast: true}
                nodes: [{name: n1, allocatable: {nvidia.com/gpu: 8}}]
                aihc: {resourcePools: [{id: p, queues: [{name: q}]}]}
                workload:
                  pool: p
                  queue: q
                  speed: 10
                  jobs:
                    - {at: -1000, pods: 1, gpusPerPod: 8, runSeconds: 600}
                    - {at: -900, pods: 1, gpusPerPod: 8, runSeconds: 600}
                    - {at: 100, pods: 1, gpusPerPod: 8, runSeconds: 600}
                """;
        try (Simulator sim = Simulator.start(Scenario.parse(yaml, "inline.yaml"))) {
            Instant now = sim.now();
            List<JobView> jobs = sim.jobs();
            assertThat(jobs).hasSize(2);
            // 1000 trace seconds = 100 simulated; the first ran 60 s, the second waited for it
            assertThat(jobs.get(0).state()).isEqualTo(JobState.SUCCEEDED);
            assertThat(jobs.get(0).createdAt()).isEqualTo(now.minusSeconds(100));
            assertThat(jobs.get(0).finishedAt()).isEqualTo(now.minusSeconds(40));
            assertThat(jobs.get(1).state()).isEqualTo(JobState.RUNNING);
            assertThat(Duration.between(jobs.get(1).createdAt(), jobs.get(1).startedAt()))
                    .isEqualTo(Duration.ofSeconds(50));
            sim.advanceClock(Duration.ofSeconds(10));
            assertThat(sim.jobs()).hasSize(3);
        }
    }

    @Test
    void aTraceFileBesideAScenarioFileIsReadAndItsErrorsNameTheLineAndTheField() throws Exception {
        Files.writeString(dir.resolve("t.csv"), "# a comment\nat,pods,gpus_per_pod,run_seconds\n-60,1,8,60\n");
        Files.writeString(dir.resolve("w.yaml"), """
                credentials: [{accessKey: ak, secretKey: sk}]
                nodes: [{name: n1, allocatable: {nvidia.com/gpu: 8}}]
                aihc: {resourcePools: [{id: p, queues: [{name: default}]}]}
                workload: {trace: t.csv, pool: p}
                """);
        assertThat(Scenario.load(dir.resolve("w.yaml")).workload().jobs())
                .containsExactly(new TraceJob(-60, 1, 8, 60, ""));
        assertThatThrownBy(() -> WorkloadTrace.parse("at,pods,gpus_per_pod,run_seconds\n-60,0,8,60\n", "t.csv"))
                .hasMessage("workload trace t.csv line 2: pods must be at least 1, was 0");
        assertThatThrownBy(() -> WorkloadTrace.parse("at,pods,gpus_per_pod,run_seconds\nsoon,1,8,60\n", "t.csv"))
                .hasMessage("workload trace t.csv line 2: at: not a whole number: 'soon'");
        Files.writeString(dir.resolve("w.yaml"), """
                credentials: [{accessKey: ak, secretKey: sk}]
                aihc: {resourcePools: [{id: p, queues: [{name: default}]}]}
                workload: {pool: p, queue: gone, jobs: [{at: 0, pods: 1, gpusPerPod: 1, runSeconds: 1}]}
                """);
        assertThatThrownBy(() -> Scenario.load(dir.resolve("w.yaml")))
                .hasMessageContaining("workload.jobs[0].queue: no queue gone in pool p (queues: [default])");
    }
}
