package io.jenkins.plugins.trainingjob.report;

import hudson.model.Run;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import jenkins.model.RunAction2;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * The waits of one build (one per submitted or awaited job), saved with the build for the job page's
 * pending-time trend. On the build page (no icon, no URL of its own) its summary shows when the queued jobs
 * were expected to start: each wait's last estimate, a range or why there was none.
 */
public class PendingTimeAction implements RunAction2 {
    private final List<PendingTime> waits = new ArrayList<>();

    public List<PendingTime> getWaits() {
        return List.copyOf(waits);
    }

    /** The waits that had an estimate of their start (or a reason for none), for the build page's summary. */
    public List<PendingTime> getEstimatedWaits() {
        return waits.stream().filter(w -> w.getEta() != null).toList();
    }

    /** Adds a wait to the build's action (made on the first); a failed save waits for the build's own. */
    @Restricted(NoExternalUse.class)
    public static synchronized void record(Run<?, ?> run, PendingTime wait) {
        PendingTimeAction action = run.getAction(PendingTimeAction.class);
        if (action == null) {
            action = new PendingTimeAction();
            action.waits.add(wait);
            run.addAction(action);
        } else {
            action.waits.add(wait);
        }
        try {
            run.save();
        } catch (IOException e) {
            // the build saves its actions again when it ends; a lost trend point is not worth failing for
        }
    }

    @Override
    public void onAttached(Run<?, ?> r) {}

    @Override
    public void onLoad(Run<?, ?> r) {}

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
        return null;
    }
}
