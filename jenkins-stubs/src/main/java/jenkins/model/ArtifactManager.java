/*
 * Mirrors jenkinsci/jenkins core/src/main/java/jenkins/model/ArtifactManager.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package jenkins.model;

import hudson.FilePath;
import hudson.Launcher;
import hudson.model.BuildListener;
import java.io.IOException;
import java.util.Map;

public abstract class ArtifactManager {
    public abstract void archive(
            FilePath workspace, Launcher launcher, BuildListener listener, Map<String, String> artifacts)
            throws IOException, InterruptedException;
}
