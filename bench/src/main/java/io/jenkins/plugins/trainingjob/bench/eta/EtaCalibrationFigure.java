package io.jenkins.plugins.trainingjob.bench.eta;

import io.jenkins.plugins.trainingjob.core.eta.HistoryJob;
import io.jenkins.plugins.trainingjob.core.eta.QueueHistory;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.PhillyTrace;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Predictors;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Score;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.TraceWalk;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Figure 6 (a), the ETA's calibration: our estimator and the three naive peers, scored on the Philly trace
 * alone (at the submit, and at the tool's first poll of a still pending job) and replayed into the
 * simulator's cluster model. The first 7 days of the trace are history only (the window fills up).
 */
public final class EtaCalibrationFigure {

    static final Duration WARM_UP = Duration.ofDays(7);
    static final Duration FIRST_POLL = Duration.ofSeconds(30);
    /**
     * Replay cluster: 72 nodes of 8 GPUs (576 GPUs; the trace's own 4+-GPU jobs held 424 at the median, 852 at
     * the peak). Chosen so that the replay queues: on 56 nodes the queue grew without end (wait p50 15.6 h),
     * on 88 only 105 jobs waited a minute.
     */
    public static final int REPLAY_NODES = 72;

    public record Result(
            Map<String, Score> traceAtSubmit,
            Map<String, Score> traceAtFirstPoll,
            WorkloadReplay.Result replay,
            int replayNodes,
            double seconds) {}

    public Result run(int replayNodes) {
        long t0 = System.nanoTime();
        List<HistoryJob> trace = PhillyTrace.load();
        Map<String, Score> atSubmit = new TraceWalk(trace, WARM_UP, QueueHistory.DEFAULT_WINDOW).run(Predictors.all());
        Map<String, Score> atPoll =
                new TraceWalk(trace, WARM_UP, QueueHistory.DEFAULT_WINDOW, FIRST_POLL).run(Predictors.all());
        WorkloadReplay.Result replay =
                new WorkloadReplay(trace, replayNodes, WARM_UP, QueueHistory.DEFAULT_WINDOW).run(Predictors.all());
        return new Result(atSubmit, atPoll, replay, replayNodes, (System.nanoTime() - t0) / 1e9);
    }
}
