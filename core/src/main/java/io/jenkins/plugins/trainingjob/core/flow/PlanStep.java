package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.monitor.CallResult;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorTasks;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.core.text.DurationText;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Where a submit with fallback targets goes first, and in which order it moves on: every target's pre-flight
 * check runs at once on the monitor's call pool, bounded by one timer, so one slow pool delays the choice by
 * at most {@link SubmitFlow#PREFLIGHT_BOUND}; then {@link TargetChoice#plan} orders them. Skipping a target
 * acts on the user's job, so only a proven verdict skips one: a pool that could not be read, or did not
 * answer in time, is judged UNKNOWN and stays in the list. Each verdict counts as soon as it is known: an ETA
 * that is slow or fails costs the ETA, not the verdict.
 */
final class PlanStep {

    private final MonitorTasks tasks;
    private final List<BoundTarget> targets;
    private final SubmitRequest request;
    private final Consumer<TargetChoice.Plan> then;
    private final DiagnosisReport[] reports;
    private final TargetChoice.Judged[] judged;
    private final TargetChoice.EtaSource eta;
    private TimeSource.Timer bound;
    private int open;
    private boolean over;

    private PlanStep(
            MonitorTasks tasks,
            List<BoundTarget> targets,
            SubmitRequest request,
            TargetChoice.EtaSource eta,
            Consumer<TargetChoice.Plan> then) {
        this.tasks = tasks;
        this.targets = targets;
        this.request = request;
        this.then = then;
        this.reports = new DiagnosisReport[targets.size()];
        this.judged = new TargetChoice.Judged[targets.size()];
        this.eta = eta;
    }

    /**
     * Judges {@code targets} (the primary first) and hands the plan to {@code then}, on the scheduler thread.
     *
     * @param eta how a target that fits later gets its median wait ({@link QueueEtaSource} in the flow)
     */
    static PlanStep start(
            MonitorTasks tasks,
            List<BoundTarget> targets,
            SubmitRequest request,
            TargetChoice.EtaSource eta,
            Consumer<TargetChoice.Plan> then) {
        PlanStep step = new PlanStep(tasks, targets, request, eta, then);
        if (request.preflight() == PreflightMode.OFF) {
            String off = request.names().setting("preflight", "false");
            List<TargetChoice.Judged> unjudged = targets.stream()
                    .map(c -> new TargetChoice.Judged(c, null, Optional.<Duration>empty(), off))
                    .toList();
            step.over = true;
            then.accept(TargetChoice.plan(unjudged, false, request.order(), off));
            return step;
        }
        step.open = targets.size();
        for (int i = 0; i < targets.size(); i++) {
            step.judge(i);
        }
        step.bound = tasks.schedule(step::decide, SubmitFlow.PREFLIGHT_BOUND);
        return step;
    }

    /** Whether the plan was handed over (or abandoned) already. */
    boolean over() {
        return over;
    }

    /** Stops waiting for answers (an interrupt): the plan is never decided. */
    void abandon() {
        over = true;
        if (bound != null) {
            bound.cancel();
        }
    }

    private void judge(int i) {
        BoundTarget c = targets.get(i);
        tasks.call(c.platform().kind(), "pre-flight", () -> Preflight.check(c.platform(), c.spec()), r -> {
            if (over) {
                return;
            }
            if (!r.ok()) {
                answered(
                        i,
                        new TargetChoice.Judged(
                                c,
                                null,
                                Optional.empty(),
                                ConsoleText.strip(String.valueOf(r.error().getMessage()))));
                return;
            }
            reports[i] = r.value();
            tasks.call(
                    c.platform().kind(), "queue history", () -> eta.p50(c, r.value(), tasks.now()), e -> onEta(i, e));
        });
    }

    private void onEta(int i, CallResult<Optional<Duration>> e) {
        if (!over) {
            Optional<Duration> p50 = e.ok() && e.value() != null ? e.value() : Optional.empty();
            answered(i, new TargetChoice.Judged(targets.get(i), reports[i], p50, ""));
        }
    }

    private void answered(int i, TargetChoice.Judged j) {
        judged[i] = j;
        if (--open == 0) {
            decide();
        }
    }

    private void decide() {
        if (over) {
            return;
        }
        over = true;
        if (bound != null) {
            bound.cancel();
        }
        List<TargetChoice.Judged> all = new ArrayList<>();
        for (int i = 0; i < targets.size(); i++) {
            BoundTarget c = targets.get(i);
            all.add(
                    judged[i] != null
                            ? judged[i]
                            : reports[i] != null
                                    ? new TargetChoice.Judged(c, reports[i], Optional.empty(), "")
                                    : new TargetChoice.Judged(
                                            c,
                                            null,
                                            Optional.empty(),
                                            "no answer within " + DurationText.exact(SubmitFlow.PREFLIGHT_BOUND)));
        }
        then.accept(TargetChoice.plan(all, true, request.order(), ""));
    }
}
