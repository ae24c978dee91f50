/*
 * Mirrors jenkinsci/jenkins core/src/main/java/jenkins/tasks/SimpleBuildStep.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package jenkins.tasks;

import hudson.EnvVars;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.Run;
import hudson.model.TaskListener;
import hudson.tasks.BuildStep;
import java.io.IOException;

public interface SimpleBuildStep extends BuildStep {
    default void perform(Run<?, ?> run, FilePath workspace, EnvVars env, Launcher launcher, TaskListener listener)
            throws InterruptedException, IOException {
        throw new UnsupportedOperationException("stub");
    }

    default boolean requiresWorkspace() {
        throw new UnsupportedOperationException("stub");
    }

    interface LastBuildAction extends hudson.model.Action {
        java.util.Collection<? extends hudson.model.Action> getProjectActions();
    }
}
