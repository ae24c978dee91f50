package io.jenkins.plugins.trainingjob;

import hudson.Extension;
import hudson.ExtensionList;
import hudson.util.FormValidation;
import io.jenkins.plugins.trainingjob.core.platform.EndpointAllowList;
import io.jenkins.plugins.trainingjob.core.spec.DurationInput;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import jenkins.model.GlobalConfiguration;
import jenkins.model.Jenkins;
import net.sf.json.JSONObject;
import org.jenkinsci.Symbol;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;
import org.kohsuke.stapler.DataBoundSetter;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.StaplerRequest2;
import org.kohsuke.stapler.verb.POST;

/**
 * The controller-wide settings: named connections to AIHC and SenseCore, and the defaults steps use
 * when they do not say otherwise. Exposed only through getters and {@link DataBoundSetter}s, so
 * Configuration as Code reads and writes it under {@code unclassified: trainingJob:}.
 */
@Extension
@Symbol("trainingJob")
public class TrainingJobConfiguration extends GlobalConfiguration {

    static final String DEFAULT_POLL_INTERVAL = "30s";
    static final String DEFAULT_PENDING_TIMEOUT = "10m";

    /** Replaced as a whole, never emptied in place: readers (steps, the monitor) see one list or the other. */
    private volatile List<Connection> connections = new ArrayList<>();

    private volatile String pollInterval = DEFAULT_POLL_INTERVAL;
    private volatile String pendingTimeout = DEFAULT_PENDING_TIMEOUT;
    /** Hosts inline settings may call besides the public regional endpoints (review S1); null: none. */
    private volatile String allowedEndpoints;
    /** While a form is bound: setters do not save each on their own; configure() saves once, or not at all. */
    private transient volatile boolean binding;

    public TrainingJobConfiguration() {
        load();
    }

    public static TrainingJobConfiguration get() {
        return ExtensionList.lookupSingleton(TrainingJobConfiguration.class);
    }

    public List<Connection> getConnections() {
        return List.copyOf(connections);
    }

    @DataBoundSetter
    public void setConnections(List<Connection> connections) {
        List<Connection> copy = connections == null ? new ArrayList<>() : new ArrayList<>(connections);
        List<String> seen = new ArrayList<>();
        for (Connection c : copy) {
            if (c.getName() == null) {
                throw new InvalidFieldException("connections", Messages.Connection_NameRequired());
            }
            if (seen.contains(c.getName())) {
                throw new InvalidFieldException("connections", Messages.Configuration_DuplicateConnection(c.getName()));
            }
            seen.add(c.getName());
        }
        this.connections = copy;
        saveUnlessBinding();
    }

    @Restricted(NoExternalUse.class)
    public Optional<Connection> findConnection(String name) {
        return connections.stream()
                .filter(c -> c.getName() != null && c.getName().equals(name))
                .findFirst();
    }

    public String getPollInterval() {
        return pollInterval;
    }

    /** The longest wait between two status calls for one job, e.g. {@code 30s}. */
    @DataBoundSetter
    public void setPollInterval(String pollInterval) {
        String value = Connection.trimToNull(pollInterval);
        requireDuration("pollInterval", value == null ? DEFAULT_POLL_INTERVAL : value);
        this.pollInterval = value == null ? DEFAULT_POLL_INTERVAL : value;
        saveUnlessBinding();
    }

    public String getPendingTimeout() {
        return pendingTimeout;
    }

    /** How long a job may stay queued before it is diagnosed, unless a step says otherwise. */
    @DataBoundSetter
    public void setPendingTimeout(String pendingTimeout) {
        String value = Connection.trimToNull(pendingTimeout);
        requireDuration("pendingTimeout", value == null ? DEFAULT_PENDING_TIMEOUT : value);
        this.pendingTimeout = value == null ? DEFAULT_PENDING_TIMEOUT : value;
        saveUnlessBinding();
    }

    public String getAllowedEndpoints() {
        return allowedEndpoints;
    }

    /**
     * The custom endpoints a step's inline settings may make the controller call, one per line
     * ({@link EndpointAllowList}); also where plain http to a host is opted into, for every connection.
     */
    @DataBoundSetter
    public void setAllowedEndpoints(String allowedEndpoints) {
        String value = Connection.trimToNull(allowedEndpoints);
        try {
            EndpointAllowList.parse(value);
        } catch (InvalidInputException e) {
            throw new InvalidFieldException(EndpointAllowList.FIELD, e.getMessage());
        }
        this.allowedEndpoints = value;
        saveUnlessBinding();
    }

    /** The parsed {@link #getAllowedEndpoints()}; a value that no longer parses allows nothing. */
    @Restricted(NoExternalUse.class)
    public EndpointAllowList endpointAllowList() {
        try {
            return EndpointAllowList.parse(allowedEndpoints);
        } catch (InvalidInputException e) {
            return EndpointAllowList.none();
        }
    }

    @POST
    public FormValidation doCheckAllowedEndpoints(@QueryParameter String value) {
        if (!Jenkins.get().hasPermission(Jenkins.ADMINISTER)) {
            return FormValidation.ok();
        }
        try {
            EndpointAllowList.parse(value);
            return FormValidation.ok();
        } catch (InvalidInputException e) {
            return FormValidation.error(e.getMessage());
        }
    }

    private static void requireDuration(String field, String value) {
        try {
            DurationInput.parse(field, value);
        } catch (InvalidInputException e) {
            throw new InvalidFieldException(field, e.getMessage());
        }
    }

    private void saveUnlessBinding() {
        if (!binding) {
            save();
        }
    }

    @Restricted(NoExternalUse.class)
    public Duration pollIntervalDuration() {
        return DurationInput.parse("pollInterval", pollInterval);
    }

    @Restricted(NoExternalUse.class)
    public Duration pendingTimeoutDuration() {
        return DurationInput.parse("pendingTimeout", pendingTimeout);
    }

    @POST
    public FormValidation doCheckPollInterval(@QueryParameter String value) {
        return checkDuration("pollInterval", value);
    }

    @POST
    public FormValidation doCheckPendingTimeout(@QueryParameter String value) {
        return checkDuration("pendingTimeout", value);
    }

    /** Shows core's message as the administrator types; empty means the default, so it is fine. */
    private static FormValidation checkDuration(String field, String value) {
        if (!Jenkins.get().hasPermission(Jenkins.ADMINISTER) || Connection.trimToNull(value) == null) {
            return FormValidation.ok();
        }
        try {
            DurationInput.parse(field, value);
            return FormValidation.ok();
        } catch (InvalidInputException e) {
            return FormValidation.error(e.getMessage());
        }
    }

    /**
     * Binds the form as {@code GlobalConfiguration.configure} does ({@code req.bindJSON(this, json)}), but
     * all or nothing: a rejected form (duplicate names, a bad duration) leaves the configuration as it was,
     * with the error on its own field, and nothing is saved; an accepted one is saved once. The list is
     * never emptied while binding, so a step resolving a connection meanwhile sees the old list or the
     * new one. A form without connections clears them (JCasC "Rule 1"). Whatever a setter or Stapler
     * throws, every saved field is put back before it is passed on.
     */
    @Override
    public boolean configure(StaplerRequest2 req, JSONObject json) throws FormException {
        applyForm(() -> req.bindJSON(this, json), json.containsKey("connections"));
        return true;
    }

    /**
     * {@link #configure}'s rule, apart from Stapler: {@code bind} calls the setters the way
     * {@code bindJSON} does (in the form's key order, throwing what they throw).
     */
    synchronized void applyForm(Runnable bind, boolean formHasConnections) throws FormException {
        FieldSnapshot before = FieldSnapshot.of(this, TrainingJobConfiguration.class);
        binding = true;
        try {
            bind.run();
            if (!formHasConnections) {
                connections = new ArrayList<>();
            }
        } catch (InvalidInputException e) {
            before.restore();
            String field = e instanceof InvalidFieldException ? e.field() : "connections";
            throw new FormException(e.getMessage(), field);
        } catch (RuntimeException | Error e) {
            // Not ours to word (Stapler's "Error binding field", a LinkageError from a connection's
            // newInstance), but the live configuration must not stay half bound until the next save.
            before.restore();
            throw e;
        } finally {
            binding = false;
        }
        save();
    }
}
