/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/model/AbstractBuild.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.model;

public abstract class AbstractBuild<P extends AbstractProject<P, R>, R extends AbstractBuild<P, R>> extends Run<P, R> {
    AbstractBuild() {}

    public final hudson.FilePath getWorkspace() {
        throw new UnsupportedOperationException("stub");
    }

    public hudson.EnvVars getEnvironment(TaskListener log) throws java.io.IOException, InterruptedException {
        throw new UnsupportedOperationException("stub");
    }
}
