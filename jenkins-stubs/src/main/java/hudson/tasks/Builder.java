/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/tasks/Builder.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.tasks;

import hudson.ExtensionPoint;
import hudson.model.Describable;
import hudson.model.Descriptor;
import jenkins.model.Jenkins;

public abstract class Builder extends BuildStepCompatibilityLayer implements Describable<Builder>, ExtensionPoint {
    @Override
    public Descriptor<Builder> getDescriptor() {
        Jenkins.get(); // upstream: Jenkins.get().getDescriptorOrDie(getClass()), which throws without a controller
        throw new UnsupportedOperationException("stub");
    }
}
