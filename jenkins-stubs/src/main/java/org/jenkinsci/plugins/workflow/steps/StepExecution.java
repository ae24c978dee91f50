/*
 * Mirrors jenkinsci/workflow-step-api-plugin src/main/java/org/jenkinsci/plugins/workflow/steps/StepExecution.java
 * at 0773c3c68734. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package org.jenkinsci.plugins.workflow.steps;

import java.io.Serializable;

public abstract class StepExecution implements Serializable {
    private static final long serialVersionUID = 1L;

    // The real field is an injected private field; keeping it is what makes getContext() usable in unit tests.
    private StepContext context;

    protected StepExecution(StepContext context) {
        this.context = context;
    }

    public StepContext getContext() {
        return context;
    }

    public abstract boolean start() throws Exception;

    public void stop(Throwable cause) throws Exception {
        throw new UnsupportedOperationException("stub");
    }

    /** Empty, as upstream: a resumed execution that needs nothing does nothing. */
    public void onResume() {}

    public String getStatus() {
        throw new UnsupportedOperationException("stub");
    }
}
