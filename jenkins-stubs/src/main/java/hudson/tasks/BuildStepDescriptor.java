/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/tasks/BuildStepDescriptor.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.tasks;

import hudson.model.AbstractProject;
import hudson.model.Describable;
import hudson.model.Descriptor;

public abstract class BuildStepDescriptor<T extends BuildStep & Describable<T>> extends Descriptor<T> {
    protected BuildStepDescriptor() {}

    @SuppressWarnings("rawtypes")
    public abstract boolean isApplicable(Class<? extends AbstractProject> jobType);
}
