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
 * pending-time trend. Not shown on the build page itself: no icon, no URL.
 */
public class PendingTimeAction implements RunAction2 {
    private final List<PendingTime> waits = new ArrayList<>();

    public List<PendingTime> getWaits() {
        return List.copyOf(waits);
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
