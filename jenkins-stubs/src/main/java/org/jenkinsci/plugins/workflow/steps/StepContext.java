/*
 * Mirrors jenkinsci/workflow-step-api-plugin src/main/java/org/jenkinsci/plugins/workflow/steps/StepContext.java
 * at 0773c3c68734. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package org.jenkinsci.plugins.workflow.steps;

import com.google.common.util.concurrent.FutureCallback;
import com.google.common.util.concurrent.ListenableFuture;
import java.io.IOException;
import java.io.Serializable;

public abstract class StepContext implements FutureCallback<Object>, Serializable {
    private static final long serialVersionUID = 1L;

    public abstract <T> T get(Class<T> key) throws IOException, InterruptedException;

    @Override
    public abstract void onSuccess(Object result);

    public abstract ListenableFuture<Void> saveState();
}
