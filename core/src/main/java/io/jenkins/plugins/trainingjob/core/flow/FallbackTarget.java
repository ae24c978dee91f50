package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One alternative to a submit's primary target, on the spec's own platform: what changes there. Only the
 * parts named change; the rest is the primary's. One parser per front end's shape (the CLI's
 * {@code KEY=VALUE,...}, Jenkins' map), one set of rules, so both refuse the same input in the same words.
 *
 * @param number 2 for the first fallback (the primary is target 1), so messages and attempts agree
 * @param queue another AIHC queue, or empty
 * @param resourcePool another AIHC resource pool, or empty
 * @param connection a profile of the same platform (CLI) or a connection (Jenkins), or empty
 * @param variables values for the spec's {@code ${NAME}} placeholders there, over the primary's
 */
public record FallbackTarget(
        int number, String queue, String resourcePool, String connection, Map<String, String> variables) {

    /** What a placeholder name may be: as the spec's {@code ${NAME}} syntax allows. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    /** Queue, pool and profile names: ids, never free text, so no commas, spaces or quotes. */
    private static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:/-]{0,127}");

    public FallbackTarget {
        queue = queue == null ? "" : queue;
        resourcePool = resourcePool == null ? "" : resourcePool;
        connection = connection == null ? "" : connection;
        variables = Map.copyOf(variables == null ? Map.of() : new LinkedHashMap<>(variables));
    }

    /**
     * The target in the user's words, stable (variables sorted): {@code queue=spot},
     * {@code profile=bj-b,queue=q3,set.GPU_KIND=h800}. {@code connectionKey} is {@code profile} in the CLI,
     * {@code connection} in Jenkins.
     */
    public String label(String connectionKey) {
        List<String> parts = new ArrayList<>();
        if (!connection.isEmpty()) {
            parts.add(connectionKey + "=" + connection);
        }
        if (!queue.isEmpty()) {
            parts.add("queue=" + queue);
        }
        if (!resourcePool.isEmpty()) {
            parts.add("resource-pool=" + resourcePool);
        }
        variables.keySet().stream().sorted().forEach(k -> parts.add("set." + k + "=" + variables.get(k)));
        return String.join(",", parts);
    }

    /**
     * The spec as this target sends it: an AIHC spec that names a queue is moved to this target's queue
     * (the spec's queue wins over the connection's, so changing only the connection would move nothing).
     * SenseCore specs name their pool in the spec; a target changes them through {@code ${NAME}} values.
     */
    public JobSpec applyTo(JobSpec spec) {
        if (queue.isEmpty()
                || spec.platform() != PlatformKind.AIHC
                || !spec.body().hasNonNull("queue")) {
            return spec;
        }
        return AttemptSpec.with(spec, "queue", queue, "fallback target " + label("target"));
    }

    /**
     * Reads the CLI's {@code --fallback} value, e.g. {@code profile=bj-b,queue=q3,set.GPU_KIND=h800}.
     *
     * @param number the target's number (2 for the first {@code --fallback})
     * @param names how the user writes {@code fallback[n]} (the CLI: {@code --fallback #n})
     * @throws InvalidInputException naming the option and the key, with the rule
     */
    public static FallbackTarget parseOption(int number, String text, FieldNames names) {
        String field = names.field("fallback[" + (number - 1) + "]");
        if (text == null || text.isBlank()) {
            throw InvalidInputException.of(
                    field,
                    "must name what changes: queue=, resource-pool=, profile= or "
                            + "set.NAME=, e.g. --fallback queue=spot");
        }
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, String> variables = new LinkedHashMap<>();
        for (String item : text.split(",", -1)) {
            int eq = item.indexOf('=');
            if (eq <= 0) {
                throw InvalidInputException.of(
                        field,
                        "'" + item + "' is not KEY=VALUE (keys: queue, resource-pool, "
                                + "profile, set.NAME; values cannot hold a comma)");
            }
            String key = item.substring(0, eq).trim();
            String value = item.substring(eq + 1).trim();
            if (key.startsWith("set.")) {
                putVariable(field, variables, key.substring(4), value);
            } else if (key.equals("queue") || key.equals("resource-pool") || key.equals("profile")) {
                if (values.put(key, requireId(field + " " + key, value)) != null) {
                    throw InvalidInputException.of(field + " " + key, "is given twice");
                }
            } else {
                throw InvalidInputException.of(
                        field + " " + key,
                        "is not a key of --fallback: use queue, " + "resource-pool, profile or set.NAME");
            }
        }
        return new FallbackTarget(
                number, values.get("queue"), values.get("resource-pool"), values.get("profile"), variables);
    }

    /**
     * Reads one entry of Jenkins' {@code fallback: [[queue: 'spot'], [connection: 'aihc-b', variables: [...]]]}.
     *
     * @throws InvalidInputException naming {@code fallback[i]} and the key, with the rule
     */
    public static FallbackTarget fromMap(int number, Map<?, ?> entry) {
        String field = "fallback[" + (number - 2) + "]";
        if (entry == null || entry.isEmpty()) {
            throw InvalidInputException.of(
                    field,
                    "must name what changes: queue, resourcePool, connection or " + "variables, e.g. [queue: 'spot']");
        }
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, String> variables = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : entry.entrySet()) {
            String key = String.valueOf(e.getKey());
            Object value = e.getValue();
            switch (key) {
                case "queue", "resourcePool", "connection" -> {
                    if (!(value instanceof CharSequence)) {
                        throw InvalidInputException.of(field + "." + key, "must be a string");
                    }
                    values.put(
                            key, requireId(field + "." + key, value.toString().trim()));
                }
                case "variables" -> {
                    if (!(value instanceof Collection<?> list)) {
                        throw InvalidInputException.of(field + ".variables", "must be a list of 'NAME=value' strings");
                    }
                    for (Object v : list) {
                        String s = String.valueOf(v);
                        int eq = s.indexOf('=');
                        if (eq <= 0) {
                            throw InvalidInputException.of(field + ".variables", "'" + s + "' is not NAME=value");
                        }
                        putVariable(
                                field + ".variables",
                                variables,
                                s.substring(0, eq).trim(),
                                s.substring(eq + 1));
                    }
                }
                default ->
                    throw InvalidInputException.of(
                            field + "." + key,
                            "is not a key of a fallback target: use queue, resourcePool, connection or variables");
            }
        }
        return new FallbackTarget(
                number, values.get("queue"), values.get("resourcePool"), values.get("connection"), variables);
    }

    private static void putVariable(String field, Map<String, String> variables, String name, String value) {
        if (!NAME.matcher(name).matches()) {
            throw InvalidInputException.of(
                    field + " set." + name, "a placeholder name is a letter or '_', then " + "letters, digits or '_'");
        }
        if (variables.put(name, value) != null) {
            throw InvalidInputException.of(field + " set." + name, "is given twice");
        }
    }

    private static String requireId(String field, String value) {
        if (!ID.matcher(value).matches()) {
            throw InvalidInputException.of(
                    field,
                    "must be a name of 1-128 letters, digits, '.', '_', ':', '/' "
                            + "or '-', starting with a letter or digit");
        }
        return value;
    }
}
