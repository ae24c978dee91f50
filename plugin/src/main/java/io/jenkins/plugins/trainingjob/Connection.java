package io.jenkins.plugins.trainingjob;

import hudson.model.Describable;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionProblem;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettingsValidator;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.io.Serializable;
import java.net.URI;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;
import org.kohsuke.stapler.DataBoundSetter;

/**
 * Where and with which credentials to reach one platform: a named entry of the global configuration,
 * or inline settings of a step. Holds only a credentials id, never a secret; the secret is looked up
 * when a call is made and handed to core as {@link Credentials}.
 */
public abstract class Connection implements Describable<Connection>, Serializable {
    private static final long serialVersionUID = 1L;

    private String name;
    private String credentialsId;
    private String region;
    private String endpoint;

    /** The platform this connection talks to. */
    public abstract PlatformKind platform();

    /** Core's settings for this connection, with the credentials resolved by the caller. */
    public abstract ConnectionSettings toSettings(Credentials credentials);

    public String getName() {
        return name;
    }

    /** The name steps refer to ({@code connection: 'name'}); unused for inline settings. */
    @DataBoundSetter
    public void setName(String name) {
        this.name = trimToNull(name);
    }

    public String getCredentialsId() {
        return credentialsId;
    }

    /** A username/password credential: the username is the access key, the password the secret key. */
    @DataBoundSetter
    public void setCredentialsId(String credentialsId) {
        this.credentialsId = trimToNull(credentialsId);
    }

    public String getRegion() {
        return region;
    }

    @DataBoundSetter
    public void setRegion(String region) {
        this.region = trimToNull(region);
    }

    public String getEndpoint() {
        return endpoint;
    }

    /** An explicit API URL; overrides the region's public endpoint (private networks, the simulator). */
    @DataBoundSetter
    public void setEndpoint(String endpoint) {
        this.endpoint = trimToNull(endpoint);
    }

    /** The endpoint as a URI, or {@code null} when only a region is set (core checks its form). */
    protected final URI endpointUri() {
        return ConnectionSettingsValidator.endpoint(endpoint);
    }

    /** Core's rules ({@link ConnectionSettingsValidator}) applied to this connection's fields. */
    public abstract List<ConnectionProblem> problems();

    /**
     * Refuses to aim this configured connection, and its GLOBAL credential, at another queue or resource pool
     * (a fallback target's) that its administrator did not list. Here: nothing to refuse; a platform without
     * either is refused by core when the target is applied.
     *
     * @param queue the target's queue, or {@code null} for the connection's own
     * @param resourcePool the target's resource pool, or {@code null} for the connection's own
     * @throws InvalidInputException naming {@code queue} or {@code resourcePool}
     */
    @Restricted(NoExternalUse.class)
    public void requireRetargetAllowed(String queue, String resourcePool) {}

    /**
     * Checks the credentials id (a Jenkins notion), then core's rules for the platform's settings, naming
     * every problem of the connection at once in core's words.
     */
    @Restricted(NoExternalUse.class)
    public void validate() {
        if (credentialsId == null) {
            throw InvalidInputException.worded("credentialsId", Messages.Connection_CredentialsIdRequired(describe()));
        }
        List<ConnectionProblem> problems = problems();
        if (!problems.isEmpty()) {
            throw InvalidInputException.worded(
                    "connection",
                    Messages.Connection_Invalid(
                            describe(),
                            problems.stream().map(ConnectionProblem::toString).collect(Collectors.joining("; "))));
        }
    }

    /** How messages name this connection: its name, or the platform for inline settings. */
    @Restricted(NoExternalUse.class)
    public String describe() {
        return name != null ? name : platform().id();
    }

    /** Blank form fields mean "not set". */
    @Restricted(NoExternalUse.class)
    public static String trimToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Connection c
                && getClass() == c.getClass()
                && Objects.equals(name, c.name)
                && Objects.equals(credentialsId, c.credentialsId)
                && Objects.equals(region, c.region)
                && Objects.equals(endpoint, c.endpoint);
    }

    @Override
    public int hashCode() {
        return Objects.hash(getClass(), name, credentialsId, region, endpoint);
    }
}
