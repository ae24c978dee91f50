package io.jenkins.plugins.trainingjob.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Core's API is a reviewed file, not a number in an issue note: every public type outside
 * {@code core.internal} and its public and protected members, one sorted line each, in
 * {@code core/api/core.api}. A change to the API fails here until the dump is regenerated, so the
 * diff shows up in review beside the change (okhttp's checked {@code .api} dump is the model).
 */
class CoreApiSurfaceTest {

    private static final String ROOT = "io.jenkins.plugins.trainingjob.core";
    private static final Path DUMP = Path.of("api", "core.api");
    private static final String REGENERATE = "./mvnw -o -B -pl core test -Dtest=CoreApiSurfaceTest -Dapi.write=true";

    @Test
    void theApiIsTheCheckedInDump() throws IOException {
        String today = String.join("\n", surface()) + "\n";
        if (Boolean.getBoolean("api.write")) {
            Files.createDirectories(DUMP.getParent());
            Files.writeString(DUMP, today, StandardCharsets.UTF_8);
        }
        String checkedIn = Files.exists(DUMP) ? Files.readString(DUMP, StandardCharsets.UTF_8) : "";
        List<String> was = checkedIn.lines().toList();
        List<String> is = today.lines().toList();
        List<String> added = is.stream().filter(l -> !was.contains(l)).toList();
        List<String> removed = was.stream().filter(l -> !is.contains(l)).toList();
        assertThat(added.isEmpty() && removed.isEmpty())
                .as(
                        "core's public API changed; if on purpose, regenerate core/api/core.api with%n    %s%n"
                                + "and review the diff.%nadded:%n  %s%nremoved:%n  %s",
                        REGENERATE, String.join("\n  ", added), String.join("\n  ", removed))
                .isTrue();
    }

    /** One line per public type and per public or protected member, sorted. */
    static List<String> surface() throws IOException {
        Path classes = Path.of("target", "classes");
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.walk(classes.resolve(ROOT.replace('.', '/')))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String name = classes.relativize(file)
                        .toString()
                        .replace(file.getFileSystem().getSeparator(), ".")
                        .replaceAll("\\.class$", "");
                if (name.startsWith(ROOT + ".internal.") || name.endsWith("package-info")) {
                    continue;
                }
                Class<?> type;
                try {
                    type = Class.forName(name, false, CoreApiSurfaceTest.class.getClassLoader());
                } catch (ClassNotFoundException e) {
                    throw new IllegalStateException(e);
                }
                if (visible(type)) {
                    lines.addAll(describe(type));
                }
            }
        }
        return lines.stream().sorted().toList();
    }

    /** Public, and every enclosing type public too: reachable from outside core. */
    private static boolean visible(Class<?> type) {
        for (Class<?> t = type; t != null; t = t.getEnclosingClass()) {
            if (!Modifier.isPublic(t.getModifiers()) || t.isAnonymousClass() || t.isSynthetic()) {
                return false;
            }
        }
        return true;
    }

    private static List<String> describe(Class<?> type) {
        String owner = shortName(type.getName());
        List<String> lines = new ArrayList<>();
        lines.add(owner + " : " + kind(type));
        for (Constructor<?> c : type.getDeclaredConstructors()) {
            if (exposed(c.getModifiers()) && !c.isSynthetic()) {
                lines.add(owner + " " + modifiers(c.getModifiers()) + "<init>" + parameters(c));
            }
        }
        for (Method m : type.getDeclaredMethods()) {
            if (exposed(m.getModifiers()) && !m.isSynthetic() && !m.isBridge()) {
                lines.add(owner + " " + modifiers(m.getModifiers()) + typeName(m.getGenericReturnType()) + " "
                        + m.getName() + parameters(m) + exceptions(m));
            }
        }
        for (Field f : type.getDeclaredFields()) {
            if (exposed(f.getModifiers()) && !f.isSynthetic()) {
                lines.add(owner + " " + modifiers(f.getModifiers()) + typeName(f.getGenericType()) + " " + f.getName());
            }
        }
        return lines;
    }

    private static boolean exposed(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }

    private static String kind(Class<?> type) {
        String kind = type.isAnnotation()
                ? "@interface"
                : type.isInterface() ? "interface" : type.isEnum() ? "enum" : type.isRecord() ? "record" : "class";
        int mods = type.getModifiers() & ~(type.isInterface() ? Modifier.ABSTRACT : 0);
        if (type.isEnum() || type.isRecord()) {
            mods &= ~(Modifier.FINAL | Modifier.STATIC);
        }
        StringBuilder line = new StringBuilder(modifiers(mods))
                .append(type.isSealed() ? "sealed " : "")
                .append(kind);
        if (type.getGenericSuperclass() != null
                && !type.isEnum()
                && !type.isRecord()
                && type.getSuperclass() != Object.class) {
            line.append(" extends ").append(typeName(type.getGenericSuperclass()));
        }
        Type[] interfaces = type.getGenericInterfaces();
        if (interfaces.length > 0) {
            line.append(type.isInterface() ? " extends " : " implements ")
                    .append(Arrays.stream(interfaces)
                            .map(CoreApiSurfaceTest::typeName)
                            .collect(Collectors.joining(", ")));
        }
        return line.toString();
    }

    private static String modifiers(int modifiers) {
        String text = Modifier.toString(modifiers
                & (Modifier.PUBLIC | Modifier.PROTECTED | Modifier.STATIC | Modifier.FINAL | Modifier.ABSTRACT));
        return text.isEmpty() ? "" : text + " ";
    }

    private static String parameters(Executable e) {
        return Arrays.stream(e.getGenericParameterTypes())
                .map(CoreApiSurfaceTest::typeName)
                .collect(Collectors.joining(", ", "(", ")"));
    }

    private static String exceptions(Method m) {
        Type[] thrown = m.getGenericExceptionTypes();
        return thrown.length == 0
                ? ""
                : " throws "
                        + Arrays.stream(thrown)
                                .map(CoreApiSurfaceTest::typeName)
                                .collect(Collectors.joining(", "));
    }

    private static String typeName(Type type) {
        return shortName(type.getTypeName());
    }

    /** Core's own names without the common prefix, so a line stays readable. */
    private static String shortName(String name) {
        return name.replace(ROOT + ".", "").replace("java.lang.", "").replace("java.util.", "");
    }
}
