package io.jenkins.plugins.trainingjob.steps;

import hudson.AbortException;
import hudson.Extension;
import hudson.model.Item;
import hudson.model.Run;
import hudson.model.TaskListener;
import hudson.util.FormValidation;
import hudson.util.ListBoxModel;
import io.jenkins.plugins.trainingjob.Connection;
import io.jenkins.plugins.trainingjob.Messages;
import java.util.Set;
import org.jenkinsci.plugins.workflow.steps.Step;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.jenkinsci.plugins.workflow.steps.StepDescriptor;
import org.jenkinsci.plugins.workflow.steps.StepExecution;
import org.kohsuke.stapler.AncestorInPath;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

/**
 * {@code awaitScheduleDiagnosis}: waits for an already submitted job; when it stays pending past the
 * timeout, diagnoses it and fails with the report's headline. With {@code diagnosisId} it fetches an
 * existing diagnosis instead.
 */
public class AwaitScheduleDiagnosisStep extends Step implements WatchParameters {
    private String jobId;
    private String diagnosisId;
    private String connection;
    private Connection platform;
    private String pendingTimeout;
    /** The wait budget ({@code 40m}); null for none, and in configurations saved before it existed. */
    private String maxWait;

    private String until = "scheduled";
    private boolean failOnUnschedulable = true;
    /** Off by default: the job was submitted elsewhere, and an aborted build must not stop it unasked (m11). */
    private boolean cancelOnAbort;

    private boolean cancelOnFailure = false;
    private boolean failOnJobFailure = true;

    @DataBoundConstructor
    public AwaitScheduleDiagnosisStep() {}

    @Override
    public StepExecution start(StepContext context) throws AbortException {
        try {
            return new AwaitScheduleDiagnosisExecution(this, context);
        } catch (RuntimeException e) {
            throw StepFailure.abortOrRethrow(e);
        }
    }

    public String getJobId() {
        return jobId;
    }

    @DataBoundSetter
    public void setJobId(String jobId) {
        this.jobId = Connection.trimToNull(jobId);
    }

    public String getDiagnosisId() {
        return diagnosisId;
    }

    @DataBoundSetter
    public void setDiagnosisId(String diagnosisId) {
        this.diagnosisId = Connection.trimToNull(diagnosisId);
    }

    public String getConnection() {
        return connection;
    }

    @DataBoundSetter
    public void setConnection(String connection) {
        this.connection = Connection.trimToNull(connection);
    }

    public Connection getPlatform() {
        return platform;
    }

    @DataBoundSetter
    public void setPlatform(Connection platform) {
        this.platform = platform;
    }

    /** The wait budget, as typed ({@code 40m}); {@code null} for none. */
    public String getMaxWait() {
        return maxWait;
    }

    @DataBoundSetter
    public void setMaxWait(String maxWait) {
        this.maxWait = Connection.trimToNull(maxWait);
    }

    public String getPendingTimeout() {
        return pendingTimeout;
    }

    @DataBoundSetter
    public void setPendingTimeout(String pendingTimeout) {
        this.pendingTimeout = Connection.trimToNull(pendingTimeout);
    }

    public String getUntil() {
        return until;
    }

    @DataBoundSetter
    public void setUntil(String until) {
        this.until = Connection.trimToNull(until); // kept as given; the run checks it (no "Oops" page)
    }

    public boolean isFailOnUnschedulable() {
        return failOnUnschedulable;
    }

    @DataBoundSetter
    public void setFailOnUnschedulable(boolean failOnUnschedulable) {
        this.failOnUnschedulable = failOnUnschedulable;
    }

    public boolean isCancelOnAbort() {
        return cancelOnAbort;
    }

    @DataBoundSetter
    public void setCancelOnAbort(boolean cancelOnAbort) {
        this.cancelOnAbort = cancelOnAbort;
    }

    public boolean isCancelOnFailure() {
        return cancelOnFailure;
    }

    /** Stop the job when the wait fails with it still there (unschedulable, timed out). */
    @DataBoundSetter
    public void setCancelOnFailure(boolean cancelOnFailure) {
        this.cancelOnFailure = cancelOnFailure;
    }

    public boolean isFailOnJobFailure() {
        return failOnJobFailure;
    }

    /**
     * Whether a job that fails fails the step (default); off, the step returns its result with a
     * {@code failure} map (reason, worker, exit code, last events, log tail) for the script to branch on.
     */
    @DataBoundSetter
    public void setFailOnJobFailure(boolean failOnJobFailure) {
        this.failOnJobFailure = failOnJobFailure;
    }

    @Extension
    public static class DescriptorImpl extends StepDescriptor {
        @Override
        public String getFunctionName() {
            return "awaitScheduleDiagnosis";
        }

        @Override
        public String getDisplayName() {
            return Messages.AwaitScheduleDiagnosisStep_DisplayName();
        }

        @Override
        public Set<? extends Class<?>> getRequiredContext() {
            return Set.of(Run.class, TaskListener.class);
        }

        @POST
        public FormValidation doCheckMaxWait(@AncestorInPath Item item, @QueryParameter String value) {
            return StepForms.checkDuration(item, "maxWait", value);
        }

        @POST
        public FormValidation doCheckPendingTimeout(@AncestorInPath Item item, @QueryParameter String value) {
            return StepForms.checkDuration(item, "pendingTimeout", value);
        }

        @POST
        public ListBoxModel doFillConnectionItems(@AncestorInPath Item item, @QueryParameter String connection) {
            return StepForms.connectionItems(item, connection);
        }

        @POST
        public ListBoxModel doFillUntilItems(@QueryParameter String until) {
            return StepForms.waitItems("until", until, false);
        }
    }
}
