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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jenkinsci.plugins.structs.describable.CustomDescribableModel;
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
 * {@code submitTrainingJob}: submits a training job and (by default) waits until it is scheduled,
 * diagnosing it when it stays pending. Only configuration lives here; the run state is in
 * {@link SubmitTrainingJobExecution}.
 */
public class SubmitTrainingJobStep extends Step implements TrainingJobParameters {
    private String connection;
    private Connection platform;
    private String spec;
    private String specText;
    private List<String> variables = List.of();
    private String wait = "scheduled";
    private String pendingTimeout;
    /** The wait budget ({@code 40m}); null for none, and in configurations saved before it existed. */
    private String maxWait;

    private boolean failOnUnschedulable = true;
    private boolean cancelOnAbort = true;
    private boolean cancelOnFailure = true;
    private boolean failOnJobFailure = true;
    private String preflight = "true";
    private String clientToken;
    private String reuse = "never";
    /** Other places for the job, tried in {@link #fallbackOrder}; empty (and null in saved forms before it): none. */
    private List<Fallback> fallback;
    /** {@code best} (default) or {@code given}; kept as given and checked when the run starts. */
    private String fallbackOrder = "best";
    /** Which failed runs are tried again; null: none. */
    private Retry retry;

    @DataBoundConstructor
    public SubmitTrainingJobStep() {}

    @Override
    public StepExecution start(StepContext context) throws AbortException {
        try {
            return new SubmitTrainingJobExecution(this, context);
        } catch (RuntimeException e) {
            throw StepFailure.abortOrRethrow(e);
        }
    }

    @Override
    public String getConnection() {
        return connection;
    }

    @DataBoundSetter
    public void setConnection(String connection) {
        this.connection = Connection.trimToNull(connection);
    }

    @Override
    public Connection getPlatform() {
        return platform;
    }

    @DataBoundSetter
    public void setPlatform(Connection platform) {
        this.platform = platform;
    }

    @Override
    public String getSpec() {
        return spec;
    }

    @DataBoundSetter
    public void setSpec(String spec) {
        this.spec = Connection.trimToNull(spec);
    }

    @Override
    public String getSpecText() {
        return specText;
    }

    @DataBoundSetter
    public void setSpecText(String specText) {
        this.specText = specText == null || specText.isBlank() ? null : specText;
    }

    /** {@code NAME=value} entries for the spec's placeholders, as given. */
    public List<String> getVariables() {
        return java.util.Collections.unmodifiableList(variables);
    }

    /**
     * A list, not a map, so that structs can describe it (the Snippet Generator and step reference); the
     * map form is still accepted from scripts, see {@link DescriptorImpl#customInstantiate}.
     */
    @DataBoundSetter
    public void setVariables(List<String> variables) {
        // kept as given (checked when the step runs): a setter that throws fails the script's parse
        this.variables = variables == null ? List.of() : new ArrayList<>(variables);
    }

    /** The variables by name. */
    Map<String, String> variableMap() {
        return SpecVariables.toMap(variables);
    }

    public String getWait() {
        return wait;
    }

    /** Kept as given: a setter that throws turns a typo into Jenkins' "Oops" page; the run checks it. */
    @DataBoundSetter
    public void setWait(String wait) {
        this.wait = Connection.trimToNull(wait);
    }

    /** The wait budget, as typed ({@code 40m}); {@code null} for none. */
    public String getMaxWait() {
        return maxWait;
    }

    @DataBoundSetter
    public void setMaxWait(String maxWait) {
        this.maxWait = Connection.trimToNull(maxWait);
    }

    @Override
    public String getPendingTimeout() {
        return pendingTimeout;
    }

    @DataBoundSetter
    public void setPendingTimeout(String pendingTimeout) {
        this.pendingTimeout = Connection.trimToNull(pendingTimeout);
    }

    @Override
    public boolean isFailOnUnschedulable() {
        return failOnUnschedulable;
    }

    @DataBoundSetter
    public void setFailOnUnschedulable(boolean failOnUnschedulable) {
        this.failOnUnschedulable = failOnUnschedulable;
    }

    /** {@code true} (default), {@code strict}, {@code warn} or {@code false}: see help-preflight.html. */
    public String getPreflight() {
        return preflight;
    }

    /** Kept as given, as {@link #setWait}: checked when the step runs. */
    @DataBoundSetter
    public void setPreflight(String preflight) {
        this.preflight = Connection.trimToNull(preflight);
    }

    /** The job's identity across re-runs of this step (Restart from stage, Replay); null: a new one per run. */
    public String getClientToken() {
        return clientToken;
    }

    /** Kept as given, as {@link #setWait}: checked when the step runs, naming {@code clientToken}. */
    @DataBoundSetter
    public void setClientToken(String clientToken) {
        this.clientToken = Connection.trimToNull(clientToken);
    }

    /** {@code never} (default), {@code succeeded} or {@code any}: see help-reuse.html. */
    public String getReuse() {
        return reuse;
    }

    /** Kept as given, as {@link #setWait}: checked when the step runs. */
    @DataBoundSetter
    public void setReuse(String reuse) {
        this.reuse = Connection.trimToNull(reuse);
    }

    /** The fallback targets, as given ({@code fallback: [[queue: 'spot'], [connection: 'aihc-b']]}). */
    public List<Fallback> getFallback() {
        return fallback == null ? List.of() : java.util.Collections.unmodifiableList(fallback);
    }

    /** Kept as given, as {@link #setWait}: each entry is checked when the run starts, naming its index and key. */
    @DataBoundSetter
    public void setFallback(List<Fallback> fallback) {
        this.fallback = fallback == null || fallback.isEmpty() ? null : new ArrayList<>(fallback);
    }

    /** {@code best} (default) or {@code given}: see help-fallbackOrder.html. */
    public String getFallbackOrder() {
        return fallbackOrder;
    }

    /** Kept as given, as {@link #setWait}: checked when the run starts. */
    @DataBoundSetter
    public void setFallbackOrder(String fallbackOrder) {
        this.fallbackOrder = Connection.trimToNull(fallbackOrder);
    }

    /** The retry policy, as given; null: none. */
    public Retry getRetry() {
        return retry;
    }

    /** Kept as given, as {@link #setWait}: checked when the run starts, naming {@code retry.limit} and so on. */
    @DataBoundSetter
    public void setRetry(Retry retry) {
        this.retry = retry;
    }

    @Override
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
    public static class DescriptorImpl extends StepDescriptor implements CustomDescribableModel {
        /** Scripts written for the map form ({@code variables: [RUN: 1]}) keep working. */
        @Override
        public Map<String, Object> customInstantiate(Map<String, Object> arguments) {
            if (!(arguments.get("variables") instanceof Map<?, ?> map)) {
                return arguments;
            }
            Map<String, Object> translated = new LinkedHashMap<>(arguments);
            translated.put("variables", SpecVariables.fromMap(map));
            return translated;
        }

        @Override
        public String getFunctionName() {
            return "submitTrainingJob";
        }

        @Override
        public String getDisplayName() {
            return Messages.SubmitTrainingJobStep_DisplayName();
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
        public ListBoxModel doFillWaitItems(@QueryParameter String wait) {
            return StepForms.waitItems("wait", wait, true);
        }

        @POST
        public FormValidation doCheckClientToken(@AncestorInPath Item item, @QueryParameter String value) {
            return StepForms.checkClientToken(item, value);
        }

        @POST
        public ListBoxModel doFillReuseItems(@QueryParameter String reuse) {
            return StepForms.reuseItems(reuse);
        }

        @POST
        public ListBoxModel doFillFallbackOrderItems(@QueryParameter String fallbackOrder) {
            return StepForms.fallbackOrderItems(fallbackOrder);
        }

        @POST
        public ListBoxModel doFillPreflightItems(@QueryParameter String preflight) {
            return StepForms.preflightItems(preflight);
        }
    }
}
