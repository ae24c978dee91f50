package io.jenkins.plugins.trainingjob;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.io.Serializable;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * Which connection a step uses: a configured one by name, or inline settings. Durable and free of
 * secrets (inline settings carry only a credentials id).
 */
@Restricted(NoExternalUse.class)
public final class ConnectionRef implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String name;
    private final Connection inline;

    private ConnectionRef(String name, Connection inline) {
        this.name = name;
        this.inline = inline;
    }

    /**
     * @throws InvalidInputException unless exactly one of {@code connection} and {@code platform} is set
     */
    public static ConnectionRef of(String connection, Connection platform) {
        String n = Connection.trimToNull(connection);
        if (n == null && platform == null) {
            throw InvalidInputException.worded("connection", Messages.Step_ConnectionMissing());
        }
        if (n != null && platform != null) {
            throw InvalidInputException.worded("connection", Messages.Step_ConnectionTwice());
        }
        if (platform != null) {
            platform.validate();
        }
        return new ConnectionRef(n, platform);
    }

    /** The configured connection's name, or {@code null} for inline settings. */
    public String name() {
        return name;
    }

    /** The inline settings, or {@code null} for a configured connection. */
    public Connection inline() {
        return inline;
    }

    @Override
    public String toString() {
        return name != null ? name : inline.describe();
    }
}
