package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.CliEnvironment;
import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.cli.connection.ConnectionOptions;
import io.jenkins.plugins.trainingjob.cli.connection.ConnectionResolver;
import io.jenkins.plugins.trainingjob.core.flow.BoundTarget;
import io.jenkins.plugins.trainingjob.core.flow.FallbackTarget;
import io.jenkins.plugins.trainingjob.core.flow.TargetBinder;
import io.jenkins.plugins.trainingjob.core.monitor.PlatformResolver;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The CLI's side of a submit's targets: the primary is the resolved connection, a fallback target is a
 * profile (or the primary's connection) with another queue or pool, and its {@code set.NAME} values over
 * the spec's. Every client opened here is closed with it; the monitor finds them by their ids.
 */
final class CliTargets implements TargetBinder, PlatformResolver, AutoCloseable {

    private final CliEnvironment env;
    private final SpecOptions specOptions;
    private final ConnectionSettings primarySettings;
    private final JobSpec primarySpec;
    private final Map<String, TrainingPlatform> byId = new ConcurrentHashMap<>();
    private final List<TrainingPlatform> opened = new ArrayList<>();

    CliTargets(CliEnvironment env, SpecOptions specOptions, ConnectionSettings settings, JobSpec spec) {
        this.env = env;
        this.specOptions = specOptions;
        this.primarySettings = settings;
        this.primarySpec = spec;
    }

    /** Target 1: the connection the options name, and the spec as loaded. */
    BoundTarget primary() {
        return candidate(1, "primary", primarySettings, primarySpec);
    }

    @Override
    public BoundTarget bind(FallbackTarget t) {
        String field = CliFieldNames.INSTANCE.field("fallback[" + (t.number() - 1) + "]");
        ConnectionSettings s = primarySettings;
        if (!t.connection().isEmpty()) {
            ConnectionOptions other = new ConnectionOptions();
            other.profile = t.connection();
            try {
                s = ConnectionResolver.resolve(env, other, primarySpec.platform());
            } catch (InvalidInputException e) {
                throw CliException.invalidInput(field + " profile=" + t.connection() + ": " + e.getMessage());
            }
            if (s.platform() != primarySpec.platform()) {
                throw CliException.invalidInput(field + " profile=" + t.connection() + ": the profile is for "
                        + s.platform().displayName() + "; fallback targets stay on the spec's platform ("
                        + primarySpec.platform().displayName() + ")");
            }
        }
        if (!t.queue().isEmpty()) {
            s = s.withQueue(t.queue());
        }
        if (!t.resourcePool().isEmpty()) {
            s = s.withResourcePool(t.resourcePool());
        }
        JobSpec spec;
        try {
            spec = t.applyTo(t.variables().isEmpty() ? primarySpec : specOptions.load(env, t.variables()));
        } catch (InvalidInputException e) {
            throw CliException.invalidInput(field + " " + t.label("profile") + ": " + e.getMessage());
        }
        return candidate(t.number(), t.label("profile"), s, spec);
    }

    private BoundTarget candidate(int number, String label, ConnectionSettings settings, JobSpec spec) {
        TrainingPlatform platform = env.connector().connect(settings);
        synchronized (opened) {
            opened.add(platform);
        }
        String id = "t" + number;
        byId.put(id, platform);
        return new BoundTarget(number, label, platform, spec, id);
    }

    @Override
    public TrainingPlatform resolve(String connectionId) {
        TrainingPlatform p = byId.get(connectionId);
        if (p == null) {
            throw new IllegalArgumentException("unknown connection " + connectionId);
        }
        return p;
    }

    @Override
    public void close() {
        synchronized (opened) {
            opened.forEach(TrainingPlatform::close);
            opened.clear();
        }
    }
}
