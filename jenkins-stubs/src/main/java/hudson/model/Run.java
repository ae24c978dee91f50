/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/model/Run.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.model;

import java.io.File;

public abstract class Run<JobT extends Job<JobT, RunT>, RunT extends Run<JobT, RunT>> extends Actionable {
    Run() {}

    public int getNumber() {
        throw new UnsupportedOperationException("stub");
    }

    public JobT getParent() {
        throw new UnsupportedOperationException("stub");
    }

    public boolean isBuilding() {
        throw new UnsupportedOperationException("stub");
    }

    public RunT getPreviousBuild() {
        throw new UnsupportedOperationException("stub");
    }

    public final long getTimeInMillis() {
        throw new UnsupportedOperationException("stub");
    }

    public String getUrl() {
        throw new UnsupportedOperationException("stub");
    }

    public File getRootDir() {
        throw new UnsupportedOperationException("stub");
    }

    public String getExternalizableId() {
        throw new UnsupportedOperationException("stub");
    }

    public final jenkins.model.ArtifactManager pickArtifactManager() throws java.io.IOException {
        throw new UnsupportedOperationException("stub");
    }

    public synchronized void save() throws java.io.IOException {
        throw new UnsupportedOperationException("stub");
    }
}
