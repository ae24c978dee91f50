package io.jenkins.plugins.trainingjob.steps;

import hudson.model.Run;
import io.jenkins.plugins.trainingjob.ConnectionBinding;
import io.jenkins.plugins.trainingjob.ConnectionRef;
import io.jenkins.plugins.trainingjob.TrainingJobService;
import io.jenkins.plugins.trainingjob.core.flow.BoundTarget;
import io.jenkins.plugins.trainingjob.core.flow.FallbackTarget;
import io.jenkins.plugins.trainingjob.core.flow.TargetBinder;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The steps' side of a submit's targets: the primary is the step's connection; a fallback target is another
 * configured connection, or the step's own with another queue or pool, and its variables over the step's.
 * Each target is bound under the step's binding id ({@code <id>-t<n>}), so a resumed step binds the same
 * keys; closing releases the bindings only fallback targets use.
 */
final class JenkinsTargets implements TargetBinder, AutoCloseable {

    /** Loads the spec with extra {@code ${NAME}} values over the step's own (a target's variables). */
    @FunctionalInterface
    interface SpecSource {
        JobSpec load(Map<String, String> extra) throws Exception;
    }

    private final TrainingJobService service;
    private final Run<?, ?> run;
    private final ConnectionRef primaryRef;
    private final ConnectionBinding primary;
    private final String bindingId;
    private final JobSpec primarySpec;
    private final SpecSource specs;
    private final PrintStream log;
    private final List<String> own = new ArrayList<>();

    JenkinsTargets(
            TrainingJobService service,
            Run<?, ?> run,
            ConnectionRef primaryRef,
            ConnectionBinding primary,
            String bindingId,
            JobSpec primarySpec,
            SpecSource specs,
            PrintStream log) {
        this.service = service;
        this.run = run;
        this.primaryRef = primaryRef;
        this.primary = primary;
        this.bindingId = bindingId;
        this.primarySpec = primarySpec;
        this.specs = specs;
        this.log = log;
    }

    /** Target 1: the step's connection and spec. */
    BoundTarget primary() {
        return new BoundTarget(1, "primary", primary.client(), primarySpec, primary.key());
    }

    @Override
    public BoundTarget bind(FallbackTarget t) {
        String field = JenkinsFieldNames.INSTANCE.field("fallback[" + (t.number() - 1) + "]");
        ConnectionBinding b = primary;
        if (!t.connection().isEmpty()
                || !t.queue().isEmpty()
                || !t.resourcePool().isEmpty()) {
            ConnectionRef ref = t.connection().isEmpty() ? primaryRef : ConnectionRef.of(t.connection(), null);
            try {
                b = service.bindRetargeted(
                        ref,
                        run,
                        bindingId + "-t" + t.number(),
                        t.queue().isEmpty() ? null : t.queue(),
                        t.resourcePool().isEmpty() ? null : t.resourcePool());
            } catch (InvalidInputException e) {
                throw InvalidInputException.of(
                        field + (t.connection().isEmpty() ? "" : ".connection"), ConsoleText.strip(e.getMessage()));
            }
            own.add(b.key());
            if (b.warning() != null) {
                log.println(b.warning());
            }
            if (b.platform() != primarySpec.platform()) {
                throw InvalidInputException.of(
                        field + ".connection",
                        "'" + t.connection() + "' is a " + b.platform().displayName()
                                + " connection; fallback targets stay on the spec's platform ("
                                + primarySpec.platform().displayName() + ")");
            }
        }
        JobSpec spec;
        try {
            spec = t.applyTo(t.variables().isEmpty() ? primarySpec : specs.load(t.variables()));
        } catch (InvalidInputException e) {
            throw InvalidInputException.of(
                    field + (t.variables().isEmpty() ? "" : ".variables"),
                    t.label("connection") + ": " + ConsoleText.strip(e.getMessage()));
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(field + ": the spec could not be loaded: " + e.getMessage(), e);
        }
        return new BoundTarget(t.number(), t.label("connection"), b.client(), spec, b.key());
    }

    @Override
    public void close() {
        own.forEach(service::release);
        own.clear();
    }
}
