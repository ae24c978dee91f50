package io.jenkins.plugins.trainingjob;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jenkinsci.plugins.workflow.steps.StepContext;

/**
 * What saved state may never hold: a secret, a client or other live object (a thread, an executor, a
 * future, the service, a watch), and, in XML that Jenkins reads back through its JEP-200 class filter, a
 * class the filter refuses.
 */
public final class ForbiddenContent {
    /** Live objects and secret holders; none of them belongs in a saved form. */
    private static final List<String> FORBIDDEN_TYPES = List.of(
            "java.lang.Thread",
            "java.lang.ThreadGroup",
            "java.util.concurrent.Executor",
            "java.util.concurrent.Future",
            "java.util.concurrent.CompletionStage",
            "java.util.concurrent.locks.Lock",
            "java.io.Closeable",
            "io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform",
            "io.jenkins.plugins.trainingjob.core.platform.Credentials",
            "io.jenkins.plugins.trainingjob.core.monitor.Watch",
            "io.jenkins.plugins.trainingjob.core.monitor.JobMonitor",
            "io.jenkins.plugins.trainingjob.TrainingJobService",
            "io.jenkins.plugins.trainingjob.core.monitor.JobWatcher",
            "io.jenkins.plugins.trainingjob.ConnectionBinding",
            "io.jenkins.plugins.trainingjob.CredentialsLookup",
            "hudson.util.Secret",
            "com.cloudbees.plugins.credentials.Credentials",
            "hudson.model.TaskListener",
            "hudson.model.Run");
    /** Whole libraries of live objects: HTTP clients, JSON mappers. */
    private static final List<String> FORBIDDEN_PACKAGES =
            List.of("okhttp3.", "okio.", "java.net.http.", "com.fasterxml.jackson.");
    /** The plugin's own classes, which JEP-200 permits because they come from the plugin's jar. */
    private static final String PLUGIN = "io.jenkins.plugins.trainingjob.";
    /** core is a library bundled in the plugin, not a plugin: its jar has no plugin manifest. */
    private static final String BUNDLED_CORE = "io.jenkins.plugins.trainingjob.core.";

    private ForbiddenContent() {}

    /** Every class the form names, plus the runtime class of every object reachable from what was read. */
    public static Set<String> classes(SavedForms.Read read) {
        Set<String> all = new TreeSet<>(read.classes());
        walk(read.value(), all, new IdentityHashMap<>());
        return all;
    }

    /** Live objects or secret holders among the classes. */
    public static List<String> liveOrSecretTypes(Set<String> classes) {
        List<String> problems = new ArrayList<>();
        for (String name : classes) {
            for (String p : FORBIDDEN_PACKAGES) {
                if (name.startsWith(p)) {
                    problems.add(name + " (from " + p + "*)");
                }
            }
            Class<?> c = load(name);
            if (c == null) {
                continue;
            }
            for (String forbidden : FORBIDDEN_TYPES) {
                Class<?> f = load(forbidden);
                if (f != null && f.isAssignableFrom(c)) {
                    problems.add(name + " (a " + forbidden + ")");
                }
            }
        }
        return problems;
    }

    /** Which of the secrets appear in the saved text or bytes. */
    public static List<String> secretsIn(byte[] form, List<String> secrets) {
        String latin1 = new String(form, StandardCharsets.ISO_8859_1);
        String utf8 = new String(form, StandardCharsets.UTF_8);
        return secrets.stream()
                .filter(s -> latin1.contains(s) || utf8.contains(s))
                .toList();
    }

    /**
     * Classes core's JEP-200 filter ({@code ClassFilterImpl} at jenkins-2.541.3) refuses when XML is read: not
     * from a plugin jar (core's classes are bundled, not a plugin), not an enum, array or throwable, and not
     * on its whitelist of JDK classes.
     */
    public static List<String> refusedByJep200(Set<String> classes) throws IOException {
        Set<String> whitelist = new TreeSet<>();
        try (InputStream in = ForbiddenContent.class.getResourceAsStream("jep200-whitelisted-jdk-classes.txt")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\\R")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    whitelist.add(line.trim());
                }
            }
        }
        List<String> refused = new ArrayList<>();
        for (String name : classes) {
            Class<?> c = load(name);
            boolean permitted = c != null
                    && (c.isPrimitive()
                            || c.isArray()
                            || Enum.class.isAssignableFrom(c)
                            || Throwable.class.isAssignableFrom(c));
            if (name.startsWith(PLUGIN) && !name.startsWith(BUNDLED_CORE)) {
                permitted = true;
            }
            if (!permitted && !whitelist.contains(name)) {
                refused.add(name);
            }
        }
        return refused;
    }

    private static void walk(Object o, Set<String> seen, Map<Object, Boolean> visited) {
        if (o == null || o instanceof StepContext || visited.put(o, Boolean.TRUE) != null) {
            return; // the step context is Pipeline's, pickled separately
        }
        Class<?> c = o.getClass();
        seen.add(c.getName());
        if (c.isArray()) {
            if (!c.getComponentType().isPrimitive()) {
                for (int i = 0; i < Array.getLength(o); i++) {
                    walk(Array.get(o, i), seen, visited);
                }
            }
            return;
        }
        if (o instanceof Collection<?> col) {
            col.forEach(e -> walk(e, seen, visited));
            return;
        }
        if (o instanceof Map<?, ?> map) {
            map.forEach((k, v) -> {
                walk(k, seen, visited);
                walk(v, seen, visited);
            });
            return;
        }
        if (c.getName().startsWith("java.")) {
            return; // a JDK value (String, Instant, ...): nothing of ours inside
        }
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()) {
                    continue;
                }
                try {
                    f.setAccessible(true);
                    walk(f.get(o), seen, visited);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    seen.add(c.getName() + "#" + f.getName() + " (unreadable: " + e + ")");
                }
            }
        }
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, ForbiddenContent.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }
}
