package io.jenkins.plugins.trainingjob.steps;

import hudson.Extension;
import hudson.model.Describable;
import hudson.model.Descriptor;
import io.jenkins.plugins.trainingjob.Connection;
import io.jenkins.plugins.trainingjob.core.flow.FallbackTarget;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import net.sf.json.JSONArray;
import net.sf.json.JSONObject;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;
import org.kohsuke.stapler.StaplerRequest2;

/**
 * One entry of {@code fallback: [[queue: 'spot'], [connection: 'aihc-b', queue: 'q3', variables: [...]]]}:
 * another place for the same job, on the spec's platform. The setters keep what they are given (a setter
 * that throws fails the script's parse); the run checks every entry through core's {@link
 * FallbackTarget#fromMap} before anything is created, naming {@code fallback[i].key}.
 */
public class Fallback implements Describable<Fallback>, Serializable {
    private static final long serialVersionUID = 1L;

    private String queue;
    private String resourcePool;
    private String connection;
    private List<String> variables = new ArrayList<>();

    @DataBoundConstructor
    public Fallback() {}

    public String getQueue() {
        return queue;
    }

    @DataBoundSetter
    public void setQueue(String queue) {
        this.queue = Connection.trimToNull(queue);
    }

    public String getResourcePool() {
        return resourcePool;
    }

    @DataBoundSetter
    public void setResourcePool(String resourcePool) {
        this.resourcePool = Connection.trimToNull(resourcePool);
    }

    /** Another configured connection of the same platform; null: the step's own. */
    public String getConnection() {
        return connection;
    }

    @DataBoundSetter
    public void setConnection(String connection) {
        this.connection = Connection.trimToNull(connection);
    }

    /** {@code NAME=value} entries for the spec's placeholders there, over the step's own. */
    public List<String> getVariables() {
        return Collections.unmodifiableList(variables == null ? List.of() : variables);
    }

    /** The entries as the form's text area shows them, one per line ({@link DescriptorImpl#newInstance}). */
    public String getVariablesText() {
        return String.join("\n", getVariables());
    }

    /**
     * The form's text area as entries: one per line, blank lines left out, each line as typed (no trimming, so
     * a value keeps its spaces). {@link #getVariablesText()} and this give back every entry that holds no line
     * break.
     */
    static List<String> variablesOf(String text) {
        List<String> entries = new ArrayList<>();
        for (String line : text.split("\\R", -1)) {
            if (!line.isBlank()) {
                entries.add(line);
            }
        }
        return entries;
    }

    @DataBoundSetter
    public void setVariables(List<String> variables) {
        this.variables = variables == null ? new ArrayList<>() : new ArrayList<>(variables);
    }

    /** The entry as core reads it: only the keys that were set. */
    Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (connection != null) {
            m.put("connection", connection);
        }
        if (queue != null) {
            m.put("queue", queue);
        }
        if (resourcePool != null) {
            m.put("resourcePool", resourcePool);
        }
        if (variables != null && !variables.isEmpty()) {
            m.put("variables", new ArrayList<>(variables));
        }
        return m;
    }

    /**
     * The entries as core's targets (target 2 first).
     *
     * @throws io.jenkins.plugins.trainingjob.core.spec.InvalidInputException naming {@code fallback[i]} and
     *     the key, with the rule
     */
    static List<FallbackTarget> targets(List<Fallback> entries) {
        List<FallbackTarget> targets = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            Fallback f = entries.get(i);
            targets.add(FallbackTarget.fromMap(i + 2, f == null ? Map.of() : f.toMap()));
        }
        return targets;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Fallback f
                && Objects.equals(queue, f.queue)
                && Objects.equals(resourcePool, f.resourcePool)
                && Objects.equals(connection, f.connection)
                && Objects.equals(getVariables(), f.getVariables());
    }

    @Override
    public int hashCode() {
        return Objects.hash(queue, resourcePool, connection, getVariables());
    }

    @Override
    public String toString() {
        return toMap().toString();
    }

    @Extension
    public static class DescriptorImpl extends Descriptor<Fallback> {
        @Override
        public String getDisplayName() {
            return "Fallback target";
        }

        /**
         * The freestyle form and the Snippet Generator post {@code variables} as the text area's text; Stapler
         * would bind that to a list of one entry holding every line. Core calls this for every entry of the
         * builder's or the step's form (its {@code NewInstanceBindInterceptor}), so the lines become entries
         * before binding, and a save keeps the variables a job's XML or Job DSL set (review R8).
         */
        @Override
        public Fallback newInstance(StaplerRequest2 req, JSONObject formData) throws FormException {
            if (formData != null && formData.get("variables") instanceof String text) {
                JSONArray entries = new JSONArray();
                entries.addAll(variablesOf(text));
                formData.put("variables", entries);
            }
            return super.newInstance(req, formData);
        }
    }
}
