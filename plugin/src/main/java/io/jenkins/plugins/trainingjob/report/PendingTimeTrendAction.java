package io.jenkins.plugins.trainingjob.report;

import hudson.Extension;
import hudson.model.Action;
import hudson.model.Job;
import hudson.model.Run;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import jenkins.model.TransientActionFactory;
import org.kohsuke.stapler.StaplerResponse2;

/**
 * The job page's pending-time trend (floatingBox.jelly) and its SVG at {@code trainingJobTrend/svg}. Reads
 * the {@link PendingTimeAction}s of the last {@value #BUILDS} builds and nothing else.
 */
public class PendingTimeTrendAction implements Action {
    static final int BUILDS = 30;

    private final Job<?, ?> job;

    PendingTimeTrendAction(Job<?, ?> job) {
        this.job = job;
    }

    /** The chart's points, oldest build first; empty when no recent build waited for a training job. */
    public List<PendingTimeTrend.Point> getPoints() {
        List<PendingTimeTrend.SavedBuild> builds = new ArrayList<>();
        Run<?, ?> r = job.getLastBuild();
        for (int i = 0; r != null && i < BUILDS; i++, r = r.getPreviousBuild()) {
            PendingTimeAction a = r.getAction(PendingTimeAction.class);
            builds.add(new PendingTimeTrend.SavedBuild(r.getNumber(), a == null ? List.of() : a.getWaits()));
        }
        return PendingTimeTrend.points(builds);
    }

    /** The last few builds' results, newest first, for the list under the chart. */
    public List<PendingTimeTrend.Point> getLastResults() {
        List<PendingTimeTrend.Point> points = new ArrayList<>(getPoints());
        java.util.Collections.reverse(points);
        return points.subList(0, Math.min(5, points.size()));
    }

    /** The chart as an image: an SVG in an {@code <img>} can run no script and needs no inline style. */
    public void doSvg(StaplerResponse2 rsp) throws IOException {
        rsp.setContentType("image/svg+xml;charset=UTF-8");
        rsp.setHeader("X-Content-Type-Options", "nosniff");
        try (OutputStream out = rsp.getOutputStream()) {
            out.write(PendingTimeTrend.svg(getPoints()).getBytes(StandardCharsets.UTF_8));
        }
    }

    @Override
    public String getIconFileName() {
        return null;
    }

    @Override
    public String getDisplayName() {
        return null;
    }

    @Override
    public String getUrlName() {
        return "trainingJobTrend";
    }

    /** Gives every job the trend; its box shows only once a build has waited for a training job. */
    @Extension
    @SuppressWarnings("rawtypes")
    public static class Factory extends TransientActionFactory<Job> {
        @Override
        public Class<Job> type() {
            return Job.class;
        }

        @Override
        public Collection<? extends Action> createFor(Job target) {
            return List.of(new PendingTimeTrendAction(target));
        }
    }
}
