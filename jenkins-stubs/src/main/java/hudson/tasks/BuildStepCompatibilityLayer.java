/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/tasks/BuildStepCompatibilityLayer.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.tasks;

@Deprecated
public abstract class BuildStepCompatibilityLayer implements BuildStep {
    /** Upstream: delegates to a {@code SimpleBuildStep}'s perform, else to the deprecated {@code Build} one. */
    @Override
    public boolean perform(
            hudson.model.AbstractBuild<?, ?> build, hudson.Launcher launcher, hudson.model.BuildListener listener)
            throws InterruptedException, java.io.IOException {
        throw new UnsupportedOperationException("stub");
    }
}
