package io.jenkins.plugins.trainingjob;

import hudson.Extension;
import hudson.model.listeners.ItemListener;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * Closes the job monitor and the plugin's pools when the controller stops. {@code onBeforeShutdown} runs
 * before any {@code @Terminator}, so before Pipeline suspends its builds (workflow-cps'
 * {@code CpsFlowExecution.suspendAll} is a terminator): no watch then writes to a build being suspended,
 * and in a JVM that outlives the controller (a restart test) no old monitor writes into a new one's build.
 */
@Extension
@Restricted(NoExternalUse.class)
public class ShutdownListener extends ItemListener {
    @Override
    public void onBeforeShutdown() {
        TrainingJobService.get().close();
    }
}
