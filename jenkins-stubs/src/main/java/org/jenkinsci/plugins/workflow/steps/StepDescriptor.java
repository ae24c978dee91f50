/*
 * Mirrors jenkinsci/workflow-step-api-plugin src/main/java/org/jenkinsci/plugins/workflow/steps/StepDescriptor.java
 * at 0773c3c68734. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package org.jenkinsci.plugins.workflow.steps;

import hudson.model.Descriptor;
import java.util.Set;

public abstract class StepDescriptor extends Descriptor<Step> {
    public abstract Set<? extends Class<?>> getRequiredContext();

    public abstract String getFunctionName();
}
