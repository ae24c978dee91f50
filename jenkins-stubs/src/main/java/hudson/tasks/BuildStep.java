/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/tasks/BuildStep.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.tasks;

public interface BuildStep {
    boolean perform(
            hudson.model.AbstractBuild<?, ?> build, hudson.Launcher launcher, hudson.model.BuildListener listener)
            throws InterruptedException, java.io.IOException;
}
