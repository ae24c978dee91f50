/*
 * Mirrors jenkinsci/workflow-step-api-plugin src/main/java/org/jenkinsci/plugins/workflow/steps/Step.java
 * at 0773c3c68734. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package org.jenkinsci.plugins.workflow.steps;

import hudson.ExtensionPoint;
import hudson.model.AbstractDescribableImpl;
import jenkins.model.Jenkins;

public abstract class Step extends AbstractDescribableImpl<Step> implements ExtensionPoint {
    public abstract StepExecution start(StepContext context) throws Exception;

    @Override
    public StepDescriptor getDescriptor() {
        Jenkins.get(); // upstream: Jenkins.get().getDescriptorOrDie(getClass()), which throws without a controller
        throw new UnsupportedOperationException("stub");
    }
}
