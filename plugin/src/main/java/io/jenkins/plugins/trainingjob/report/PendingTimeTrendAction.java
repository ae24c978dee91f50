package io.jenkins.plugins.trainingjob.report;

import hudson.Extension;
import hudson.model.Action;
import hudson.model.InvisibleAction;
import hudson.model.Job;
import hudson.model.Run;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import jenkins.model.TransientActionFactory;

/**
 * The job page's pending-time trend ({@code floatingBox.jelly}), on jobs whose last build ran a training step
 * only: core's {@code SimpleBuildStep.LastBuildAction} pattern, where the last build's {@link PendingTimeAction}
 * contributes it (review R2). Reads the {@link PendingTimeAction}s of the last {@value #BUILDS} builds once per
 * page: the points are computed on first use and kept by this instance, which core makes per page view.
 */
public class PendingTimeTrendAction extends InvisibleAction {
    static final int BUILDS = 30;

    private final Job<?, ?> job;
    private List<PendingTimeTrend.Point> points;

    PendingTimeTrendAction(Job<?, ?> job) {
        this.job = job;
    }

    /** The chart's points, oldest build first; empty when no recent build waited for a training job. */
    public synchronized List<PendingTimeTrend.Point> getPoints() {
        if (points == null) {
            List<PendingTimeTrend.SavedBuild> builds = new ArrayList<>();
            Run<?, ?> r = job.getLastBuild();
            for (int i = 0; r != null && i < BUILDS; i++, r = r.getPreviousBuild()) {
                PendingTimeAction a = r.getAction(PendingTimeAction.class);
                builds.add(new PendingTimeTrend.SavedBuild(r.getNumber(), a == null ? List.of() : a.getWaits()));
            }
            points = PendingTimeTrend.points(builds);
        }
        return points;
    }

    /** The chart the job page draws, from {@link #getPoints()}. */
    public PendingTimeTrend.Chart getChart() {
        return PendingTimeTrend.chart(getPoints());
    }

    /** The last few builds' results, newest first, for the list under the chart. */
    public List<PendingTimeTrend.Point> getLastResults() {
        List<PendingTimeTrend.Point> newestFirst = new ArrayList<>(getPoints());
        Collections.reverse(newestFirst);
        return newestFirst.subList(0, Math.min(5, newestFirst.size()));
    }

    /**
     * Core's {@code LastBuildActionFactory} asks only the last <em>successful</em> build, but a job whose
     * training step keeps failing (it stays pending, it is unschedulable) is the one whose trend matters. So
     * this adds the trend when the last completed build carries a {@link PendingTimeAction} and core's factory
     * added none: one trend at most, and none on a job that never ran a training step.
     */
    @Extension
    @SuppressWarnings("rawtypes")
    public static class Factory extends TransientActionFactory<Job> {
        @Override
        public Class<Job> type() {
            return Job.class;
        }

        @Override
        public Collection<? extends Action> createFor(Job target) {
            Run<?, ?> successful = target.getLastSuccessfulBuild();
            if (successful != null && successful.getAction(PendingTimeAction.class) != null) {
                return List.of(); // core's LastBuildActionFactory adds it
            }
            Run<?, ?> completed = target.getLastCompletedBuild();
            PendingTimeAction last = completed == null ? null : completed.getAction(PendingTimeAction.class);
            return last == null ? List.of() : last.getProjectActions();
        }
    }
}
