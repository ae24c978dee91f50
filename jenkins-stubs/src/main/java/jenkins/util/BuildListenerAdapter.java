/*
 * Mirrors jenkinsci/jenkins core/src/main/java/jenkins/util/BuildListenerAdapter.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package jenkins.util;

import hudson.model.BuildListener;
import hudson.model.TaskListener;
import java.io.PrintStream;

public final class BuildListenerAdapter implements BuildListener {
    /** As upstream: wraps the listener; only stores it. */
    public BuildListenerAdapter(TaskListener delegate) {}

    @Override
    public PrintStream getLogger() {
        throw new UnsupportedOperationException("stub");
    }
}
