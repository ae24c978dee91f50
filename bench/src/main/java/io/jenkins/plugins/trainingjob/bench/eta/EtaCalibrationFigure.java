package io.jenkins.plugins.trainingjob.bench.eta;

import io.jenkins.plugins.trainingjob.core.eta.HistoryJob;
import io.jenkins.plugins.trainingjob.core.eta.QueueHistory;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Cases;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Look;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.PhillyTrace;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Predictor;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.Predictors;
import io.jenkins.plugins.trainingjob.core.testkit.calibration.TraceWalk;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Figure 6 (a) to (c), the ETA's calibration under issue 34's protocol: our estimator and five peers asked
 * at four looks, on the Philly trace alone and replayed into the simulator's cluster model; the cases are
 * split by the rolling origin when the figure is written. The first 7 days of the trace are history only
 * (the window fills up).
 */
public final class EtaCalibrationFigure {

    static final Duration WARM_UP = Duration.ofDays(7);
    /**
     * Replay cluster: 72 nodes of 8 GPUs (576 GPUs; the trace's own 4+-GPU jobs held 424 at the median, 852 at
     * the peak). Chosen so that the replay queues: on 56 nodes the queue grew without end (wait p50 15.6 h),
     * on 88 only 105 jobs waited a minute.
     */
    public static final int REPLAY_NODES = 72;

    public record Result(Cases trace, WorkloadReplay.Result replay, int replayNodes, double seconds) {}

    /** The predictors of the tables, then the base rate the Brier score compares with. */
    static List<Predictor> predictors() {
        List<Predictor> all = new ArrayList<>(Predictors.all());
        all.add(Predictors.windowBaseRate());
        return all;
    }

    public Result run(int replayNodes) {
        long t0 = System.nanoTime();
        List<HistoryJob> trace = PhillyTrace.load();
        Cases walked = new TraceWalk(trace, WARM_UP, QueueHistory.DEFAULT_WINDOW).run(predictors(), Look.ALL);
        WorkloadReplay.Result replay = new WorkloadReplay(trace, replayNodes, WARM_UP, QueueHistory.DEFAULT_WINDOW)
                .run(predictors(), Look.ALL);
        return new Result(walked, replay, replayNodes, (System.nanoTime() - t0) / 1e9);
    }
}
