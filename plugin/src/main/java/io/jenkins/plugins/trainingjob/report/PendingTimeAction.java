package io.jenkins.plugins.trainingjob.report;

import hudson.model.Action;
import hudson.model.InvisibleAction;
import hudson.model.Run;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import jenkins.model.RunAction2;
import jenkins.tasks.SimpleBuildStep;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * The waits of one build (one per submitted or awaited job), saved with the build for the job page's
 * pending-time trend, which it adds to the job page while it is on the job's last build (core's {@code
 * SimpleBuildStep.LastBuildAction}). On the build page (no icon, no URL of its own) its summary shows when the
 * queued jobs were expected to start: each wait's last estimate, a range or why there was none.
 */
public class PendingTimeAction extends InvisibleAction implements RunAction2, SimpleBuildStep.LastBuildAction {
    /**
     * Copy on write: replaced whole on each add, never changed once published, because {@code Run.save()}
     * writes it from other threads (the Pipeline VM thread, a report being attached) while parallel branches
     * record (review R10). An {@code ArrayList}, so build.xml keeps the form earlier releases wrote.
     */
    private volatile List<PendingTime> waits = new ArrayList<>();

    /**
     * The waits still going on, as the build page shows them ({@link WaitProgress}); copy on write as
     * {@link #waits}, {@code null} when none (so a build that ended writes nothing here).
     */
    private volatile List<LiveWait> live;

    private transient volatile Run<?, ?> run;

    public List<PendingTime> getWaits() {
        return List.copyOf(saved());
    }

    private List<PendingTime> saved() {
        List<PendingTime> w = waits;
        return w == null ? List.of() : w;
    }

    /** The waits that had an estimate of their start (or a reason for none), for the build page's summary. */
    public List<PendingTime> getEstimatedWaits() {
        return saved().stream().filter(w -> w.getEta() != null).toList();
    }

    /**
     * The jobs the build is waiting for now, while it runs; none once it ended (a controller that stopped
     * mid-wait leaves the last ones in the record).
     */
    public List<LiveWait> getLiveWaits() {
        Run<?, ?> r = run;
        List<LiveWait> l = live;
        return l == null || r == null || !r.isBuilding() ? List.of() : List.copyOf(l);
    }

    /**
     * Adds a wait to the build's action (made on the first); a failed save waits for the build's own. The
     * class's lock, which every build's action and live view share, covers the change only: the build record is
     * written after it is released (the lists are copy on write), so a slow disk holds up this build alone.
     */
    @Restricted(NoExternalUse.class)
    public static void record(Run<?, ?> run, PendingTime wait) {
        synchronized (PendingTimeAction.class) {
            PendingTimeAction action = of(run);
            action.add(wait);
            action.removeLive(wait.getJobId());
        }
        try {
            run.save();
        } catch (IOException e) {
            // the build saves its actions again when it ends; a lost trend point is not worth failing for
        }
    }

    /** Shows a wait in progress, replacing what the page showed of that job; the caller saves when it wants. */
    static synchronized void live(Run<?, ?> run, LiveWait wait) {
        PendingTimeAction action = of(run);
        List<LiveWait> next = new ArrayList<>();
        for (LiveWait w : action.live == null ? List.<LiveWait>of() : action.live) {
            if (!w.getJobId().equals(wait.getJobId())) {
                next.add(w);
            }
        }
        next.add(wait);
        action.live = next;
    }

    /** Stops showing the wait for {@code jobId} as in progress. */
    static synchronized void endLive(Run<?, ?> run, String jobId) {
        PendingTimeAction action = run.getAction(PendingTimeAction.class);
        if (action != null) {
            action.removeLive(jobId);
        }
    }

    /** The build's action, attached on first use. */
    private static PendingTimeAction of(Run<?, ?> run) {
        PendingTimeAction action = run.getAction(PendingTimeAction.class);
        if (action == null) {
            action = new PendingTimeAction();
            run.addAction(action);
        }
        return action;
    }

    private void removeLive(String jobId) {
        List<LiveWait> l = live;
        if (l == null) {
            return;
        }
        List<LiveWait> next =
                l.stream().filter(w -> !w.getJobId().equals(jobId)).toList();
        live = next.isEmpty() ? null : new ArrayList<>(next);
    }

    /** Callers hold the class's lock, so no add is lost; readers see the old list or the new one, whole. */
    private void add(PendingTime wait) {
        List<PendingTime> next = new ArrayList<>(saved());
        next.add(wait);
        waits = next;
    }

    @Override
    public void onAttached(Run<?, ?> r) {
        run = r;
    }

    @Override
    public void onLoad(Run<?, ?> r) {
        run = r;
    }

    /**
     * The job's pending-time trend, as core adds it from the last successful build ({@code
     * LastBuildActionFactory}); {@link PendingTimeTrendAction.Factory} adds it from the last completed one.
     */
    @Override
    public Collection<? extends Action> getProjectActions() {
        Run<?, ?> r = run;
        return r == null ? List.of() : List.of(new PendingTimeTrendAction(r.getParent()));
    }
}
