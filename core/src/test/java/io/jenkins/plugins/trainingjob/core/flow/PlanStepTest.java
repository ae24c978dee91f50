package io.jenkins.plugins.trainingjob.core.flow;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Pre-flight on every target of a fallback plan, on the monitor's threads and bounded by one timer (moved
 * here from {@code TargetChoiceTest}, whose {@code choose} ran it on a thread pool of its own).
 */
class PlanStepTest {
    private final ManualClock clock = new ManualClock();
    private final JobMonitor monitor = new JobMonitor(id -> new FakePlatform(), clock);
    private final CountDownLatch never = new CountDownLatch(1);

    {
        clock.settleWithMonitor(() -> monitor);
    }

    @AfterEach
    void close() {
        never.countDown();
        monitor.close();
    }

    private static List<BoundTarget> candidates(int n) {
        return java.util.stream.IntStream.rangeClosed(1, n)
                .mapToObj(i -> new BoundTarget(
                        i,
                        i == 1 ? "primary" : "queue=b",
                        new FakePlatform(),
                        FakePlatform.spec(PlatformKind.AIHC, "t"),
                        "c"))
                .toList();
    }

    private TargetChoice.Plan plan(int targets, PreflightMode mode, TargetChoice.EtaSource eta, Duration wait) {
        CompletableFuture<TargetChoice.Plan> plan = start(targets, mode, eta);
        clock.advanceUntil(plan::isDone, wait);
        return plan.join();
    }

    private CompletableFuture<TargetChoice.Plan> start(int targets, PreflightMode mode, TargetChoice.EtaSource eta) {
        SubmitRequest request = SubmitRequest.builder(new FieldNames() {
                    @Override
                    public String field(String key) {
                        return "--" + key;
                    }

                    @Override
                    public String setting(String key, String value) {
                        return "--" + key + " " + value;
                    }

                    @Override
                    public String stopHint(String jobId) {
                        return "trainjob cancel " + jobId;
                    }
                })
                .waiting(
                        WaitMode.SCHEDULED,
                        io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy.defaults(
                                io.jenkins.plugins.trainingjob.core.monitor.WaitTarget.SCHEDULED),
                        null)
                .preflight(mode)
                .fallbacks(List.of(new FallbackTarget(2, "b", "", "", Map.of())), FallbackOrder.BEST)
                .build();
        CompletableFuture<TargetChoice.Plan> plan = new CompletableFuture<>();
        monitor.tasks()
                .onScheduler(() -> PlanStep.start(monitor.tasks(), candidates(targets), request, eta, plan::complete));
        return plan;
    }

    @Test
    void withoutPreflightNothingIsCheckedOrSkipped() {
        TargetChoice.Plan plan = plan(2, PreflightMode.OFF, TargetChoice.EtaSource.NONE, Duration.ZERO);
        assertThat(plan.order()).extracting(j -> j.candidate().label()).containsExactly("primary", "queue=b");
        assertThat(plan.lines())
                .first()
                .asString()
                .isEqualTo("target 1 (primary): not checked (--preflight false), no ETA");
        assertThat(plan.lines()).last().asString().contains("(--preflight false: nothing checked, nothing skipped)");
    }

    @Test
    void aTargetWhoseInventoryCannotBeReadIsUnknownAndStays() {
        TargetChoice.Plan plan = plan(1, PreflightMode.ON, TargetChoice.EtaSource.NONE, Duration.ZERO);
        assertThat(plan.order()).hasSize(1);
        assertThat(plan.order().get(0).verdict()).isEqualTo(Verdict.UNKNOWN);
    }

    @Test
    void anEtaThatDoesNotAnswerInTimeCostsTheEtaNotTheVerdict() throws InterruptedException {
        CountDownLatch asked = new CountDownLatch(1);
        // The ETA call holds its thread, so the monitor is never idle: time moves without settling.
        clock.settleWith(() -> {});
        CompletableFuture<TargetChoice.Plan> planned = start(1, PreflightMode.ON, (c, report, now) -> {
            asked.countDown();
            try {
                never.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return Optional.of(Duration.ofMinutes(1));
        });
        assertThat(asked.await(10, java.util.concurrent.TimeUnit.SECONDS))
                .as("pre-flight answered")
                .isTrue();
        clock.advance(SubmitFlow.PREFLIGHT_BOUND);
        TargetChoice.Plan plan =
                planned.orTimeout(10, java.util.concurrent.TimeUnit.SECONDS).join();
        assertThat(plan.order().get(0).verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(plan.order().get(0).etaP50()).isEmpty();
        assertThat(plan.lines()).first().asString().isEqualTo("target 1 (primary): UNKNOWN, no ETA");
    }

    @Test
    void theEtaCountsFromTheMonitorsTimeNotTheMachines() {
        clock.advance(Duration.ofDays(3));
        List<Instant> asked = new java.util.concurrent.CopyOnWriteArrayList<>();

        TargetChoice.Plan plan = plan(
                2,
                PreflightMode.ON,
                (c, report, now) -> {
                    asked.add(now);
                    return Optional.empty();
                },
                Duration.ZERO);

        assertThat(plan.order()).hasSize(2);
        assertThat(asked).containsExactly(clock.now(), clock.now());
    }

    @Test
    void anEtaThatFailsCostsTheEtaNotTheVerdict() {
        TargetChoice.Plan plan = plan(
                1,
                PreflightMode.ON,
                (c, report, now) -> {
                    throw new IllegalStateException("history unreadable");
                },
                Duration.ZERO);
        assertThat(plan.order().get(0).verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(plan.lines()).first().asString().isEqualTo("target 1 (primary): UNKNOWN, no ETA");
    }
}
