package io.jenkins.plugins.trainingjob.stubs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Every compiled stub class, constructor, method, field and annotation must exist upstream with the same
 * shape: kind, modifiers that affect linking (static, abstract, final, default), erased and written
 * types, checked exceptions, type-parameter bounds, annotation retention and targets. The upstream
 * shapes are the subset of {@code jenkins-signatures.json} in test resources (refreshed by
 * {@code tools/extract-signatures.py}). Stubs may declare less than upstream, never something else.
 */
class StubSignaturesTest {

    private static Map<String, JsonNode> upstream;
    private static List<Class<?>> stubs;

    @BeforeAll
    static void load() throws IOException, URISyntaxException {
        try (InputStream in = StubSignaturesTest.class.getResourceAsStream("/jenkins-signatures-subset.json")) {
            JsonNode root = new ObjectMapper().readTree(in);
            upstream = new HashMap<>();
            root.get("types").forEach(t -> upstream.put(t.get("name").asText(), t));
        }
        Path classes = Path.of(hudson.Extension.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        try (Stream<Path> files = Files.walk(classes)) {
            List<String> names = files.filter(p -> p.toString().endsWith(".class"))
                    .map(p -> classes.relativize(p).toString().replace(java.io.File.separatorChar, '.'))
                    .map(n -> n.substring(0, n.length() - ".class".length()))
                    .sorted()
                    .toList();
            stubs = new ArrayList<>();
            for (String n : names) {
                try {
                    stubs.add(Class.forName(n, false, StubSignaturesTest.class.getClassLoader()));
                } catch (ClassNotFoundException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
    }

    @Test
    void everyStubHasAnUpstreamType() {
        assertThat(stubs).hasSizeGreaterThan(40);
        assertThat(stubs.stream().map(Class::getCanonicalName).filter(n -> !upstream.containsKey(n)))
                .as("stubs without an upstream signature")
                .isEmpty();
    }

    @TestFactory
    Stream<DynamicTest> eachStubMatchesUpstream() {
        return stubs.stream().map(c -> DynamicTest.dynamicTest(c.getName(), () -> check(c)));
    }

    private static void check(Class<?> stub) {
        JsonNode real = upstream.get(stub.getCanonicalName());
        assertThat(real).as("upstream entry of " + stub.getName()).isNotNull();
        String what = stub.getCanonicalName();

        assertThat(kind(stub)).as(what + " kind").isEqualTo(real.get("kind").asText());
        Set<String> mods = texts(real.get("modifiers"));
        if (!stub.isInterface() && !stub.isEnum()) {
            assertThat(Modifier.isAbstract(stub.getModifiers()))
                    .as(what + " abstract")
                    .isEqualTo(mods.contains("abstract"));
            assertThat(Modifier.isFinal(stub.getModifiers()))
                    .as(what + " final")
                    .isEqualTo(mods.contains("final"));
        }
        if (stub.getEnclosingClass() != null) {
            assertThat(Modifier.isStatic(stub.getModifiers()))
                    .as(what + " static")
                    .isEqualTo(mods.contains("static"));
        }
        assertThat(access(stub.getModifiers()))
                .as(what + " access")
                .isEqualTo(real.get("access").asText());

        Set<String> ancestors = texts(real.get("ancestors"));
        if (stub.getSuperclass() != null && stub.getSuperclass() != Object.class && !stub.isEnum()) {
            assertThat(ancestors)
                    .as(what + " superclass " + stub.getSuperclass().getName())
                    .contains(name(stub.getSuperclass()));
            if (real.has("superclass")
                    && real.get("superclass").get("erased").asText().equals(name(stub.getSuperclass()))) {
                assertThat(written(stub.getGenericSuperclass(), false))
                        .as(what + " superclass type arguments")
                        .isEqualTo(
                                simpleNames(real.get("superclass").get("type").asText()));
            }
        }
        for (Class<?> i : stub.getInterfaces()) {
            if (!stub.isAnnotation()) {
                assertThat(ancestors).as(what + " interface " + i.getName()).contains(name(i));
            }
        }
        assertThat(typeParameters(stub.getTypeParameters()))
                .as(what + " type parameters")
                .isEqualTo(typeParameters(real.get("typeParameters")));

        if (stub.isAnnotation()) {
            checkAnnotation(stub, real);
        }
        for (Constructor<?> c : stub.getDeclaredConstructors()) {
            if (visible(c.getModifiers())) {
                checkConstructor(what, c, real);
            }
        }
        for (Method m : stub.getDeclaredMethods()) {
            if (visible(m.getModifiers()) && !m.isSynthetic() && !m.isBridge() && !isEnumBoilerplate(stub, m)) {
                checkMethod(what, m, real);
            }
        }
        for (Field f : stub.getDeclaredFields()) {
            if (visible(f.getModifiers()) && !f.isSynthetic()) {
                checkField(what, f, real);
            }
        }
    }

    private static void checkAnnotation(Class<?> stub, JsonNode real) {
        Retention retention = stub.getAnnotation(Retention.class);
        String expected = real.has("retention") ? real.get("retention").asText() : "CLASS";
        assertThat(retention == null ? "CLASS" : retention.value().name())
                .as(stub.getName() + " retention")
                .isEqualTo(expected);
        Target target = stub.getAnnotation(Target.class);
        Set<String> targets = target == null
                ? Set.of()
                : Arrays.stream(target.value()).map(ElementType::name).collect(Collectors.toCollection(TreeSet::new));
        assertThat(targets).as(stub.getName() + " targets").isEqualTo(texts(real.get("target")));
        // meta-annotations that drive indexing at build time must be present
        for (String meta : List.of("@net.java.sezpoz.Indexable", "@org.jvnet.hudson.annotation_indexer.Indexed")) {
            boolean upstreamHas = texts(real.get("annotations")).contains(meta);
            boolean stubHas = Arrays.stream(stub.getAnnotations())
                    .anyMatch(a -> ("@" + a.annotationType().getName()).equals(meta));
            assertThat(stubHas).as(stub.getName() + " carries " + meta).isEqualTo(upstreamHas);
        }
    }

    private static void checkConstructor(String owner, Constructor<?> c, JsonNode real) {
        List<String> params = erased(c.getParameterTypes());
        if (params.isEmpty()
                && real.path("implicitConstructor").asBoolean(false)
                && Modifier.isPublic(c.getModifiers())) {
            return;
        }
        JsonNode match = find(real.get("constructors"), c.getName(), params, true);
        assertThat(match)
                .as(owner + " constructor " + params + " exists upstream")
                .isNotNull();
        assertThat(access(c.getModifiers()))
                .as(owner + " constructor " + params + " access")
                .isEqualTo(match.get("access").asText());
        assertThat(throwsOf(c))
                .as(owner + " constructor " + params + " throws")
                .isEqualTo(erasedList(match.get("throws")).stream().sorted().toList());
    }

    private static void checkMethod(String owner, Method m, JsonNode real) {
        List<String> params = erased(m.getParameterTypes());
        String sig = owner + "." + m.getName() + params;
        JsonNode match = find(real.get("methods"), m.getName(), params, false);
        assertThat(match).as(sig + " exists upstream").isNotNull();
        Set<String> mods = texts(match.get("modifiers"));
        assertThat(access(m.getModifiers()))
                .as(sig + " access")
                .isEqualTo(match.get("access").asText());
        assertThat(Modifier.isStatic(m.getModifiers())).as(sig + " static").isEqualTo(mods.contains("static"));
        assertThat(Modifier.isAbstract(m.getModifiers())).as(sig + " abstract").isEqualTo(mods.contains("abstract"));
        assertThat(Modifier.isFinal(m.getModifiers())).as(sig + " final").isEqualTo(mods.contains("final"));
        assertThat(m.isDefault()).as(sig + " default").isEqualTo(mods.contains("default"));
        assertThat(m.isVarArgs()).as(sig + " varargs").isEqualTo(mods.contains("varargs"));
        assertThat(name(m.getReturnType()))
                .as(sig + " erased return")
                .isEqualTo(match.get("returns").get("erased").asText());
        assertThat(written(m.getGenericReturnType(), false))
                .as(sig + " return type")
                .isEqualTo(simpleNames(match.get("returns").get("type").asText()));
        Type[] generic = m.getGenericParameterTypes();
        List<String> writtenParams = new ArrayList<>();
        for (int i = 0; i < generic.length; i++) {
            writtenParams.add(written(generic[i], m.isVarArgs() && i == generic.length - 1));
        }
        assertThat(writtenParams).as(sig + " parameter types").isEqualTo(writtenList(match.get("params")));
        assertThat(typeParameters(m.getTypeParameters()))
                .as(sig + " type parameters")
                .isEqualTo(typeParameters(match.get("typeParameters")));
        assertThat(throwsOf(m))
                .as(sig + " throws")
                .isEqualTo(erasedList(match.get("throws")).stream().sorted().toList());
        if (m.getDefaultValue() != null) {
            assertThat(match.has("defaultValue"))
                    .as(sig + " has a default value upstream")
                    .isTrue();
        }
    }

    private static void checkField(String owner, Field f, JsonNode real) {
        JsonNode match = null;
        for (JsonNode n : iterable(real.get("fields"))) {
            if (n.get("name").asText().equals(f.getName())) {
                match = n;
            }
        }
        String sig = owner + "." + f.getName();
        assertThat(match).as(sig + " exists upstream").isNotNull();
        Set<String> mods = texts(match.get("modifiers"));
        boolean implicitlyStatic = f.getDeclaringClass().isInterface();
        assertThat(Modifier.isStatic(f.getModifiers()))
                .as(sig + " static")
                .isEqualTo(implicitlyStatic || mods.contains("static"));
        assertThat(Modifier.isFinal(f.getModifiers()))
                .as(sig + " final")
                .isEqualTo(implicitlyStatic || mods.contains("final"));
        assertThat(name(f.getType()))
                .as(sig + " type")
                .isEqualTo(match.get("type").get("erased").asText());
    }

    private static JsonNode find(JsonNode members, String name, List<String> erasedParams, boolean constructor) {
        for (JsonNode n : iterable(members)) {
            String memberName = n.get("name").asText();
            boolean nameMatches = constructor || memberName.equals(name);
            if (nameMatches && erasedList(n.get("params")).equals(erasedParams)) {
                return n;
            }
        }
        return null;
    }

    private static boolean isEnumBoilerplate(Class<?> c, Method m) {
        return c.isEnum() && (m.getName().equals("values") || m.getName().equals("valueOf"));
    }

    private static String kind(Class<?> c) {
        if (c.isAnnotation()) {
            return "annotation";
        }
        if (c.isInterface()) {
            return "interface";
        }
        return c.isEnum() ? "enum" : "class";
    }

    private static boolean visible(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }

    private static String access(int modifiers) {
        if (Modifier.isPublic(modifiers)) {
            return "public";
        }
        return Modifier.isProtected(modifiers) ? "protected" : Modifier.isPrivate(modifiers) ? "private" : "package";
    }

    private static List<String> throwsOf(Executable e) {
        return Arrays.stream(e.getExceptionTypes())
                .map(StubSignaturesTest::name)
                .sorted()
                .toList();
    }

    private static List<String> erased(Class<?>[] types) {
        return Arrays.stream(types).map(StubSignaturesTest::name).toList();
    }

    private static String name(Class<?> c) {
        return c.getCanonicalName();
    }

    /** A type as the source writes it: simple names, with arguments, wildcards and varargs. */
    private static String written(Type t, boolean varargs) {
        String s = t.getTypeName()
                .replaceAll("\\b(?:[a-z_][a-z0-9_]*\\.)+(?=[A-Z])", "")
                .replace('$', '.');
        // a nested type is written by upstream with its outer type only when the source did; compare the last name
        s = s.replaceAll("\\b[A-Z]\\w*\\.(?=[A-Z])", "");
        if (varargs && s.endsWith("[]")) {
            s = s.substring(0, s.length() - 2) + "...";
        }
        return s;
    }

    private static List<String> writtenList(JsonNode params) {
        List<String> out = new ArrayList<>();
        for (JsonNode p : iterable(params)) {
            out.add(simpleNames(p.get("type").asText()));
        }
        return out;
    }

    private static String simpleNames(String writtenUpstream) {
        return writtenUpstream
                .replaceAll("\\b(?:[a-z_][a-z0-9_]*\\.)+(?=[A-Z])", "")
                .replaceAll("\\b[A-Z]\\w*\\.(?=[A-Z])", "");
    }

    private static List<String> typeParameters(TypeVariable<?>[] vars) {
        return Arrays.stream(vars)
                .map(v -> v.getName() + ":" + name(erasure(v.getBounds()[0])))
                .toList();
    }

    private static List<String> typeParameters(JsonNode params) {
        List<String> out = new ArrayList<>();
        for (JsonNode p : iterable(params)) {
            out.add(p.get("name").asText() + ":" + p.get("erased").asText());
        }
        return out;
    }

    private static Class<?> erasure(Type t) {
        if (t instanceof Class<?> c) {
            return c;
        }
        if (t instanceof java.lang.reflect.ParameterizedType p) {
            return (Class<?>) p.getRawType();
        }
        if (t instanceof TypeVariable<?> v) {
            return erasure(v.getBounds()[0]);
        }
        throw new IllegalArgumentException("unexpected bound " + t);
    }

    private static List<String> erasedList(JsonNode types) {
        List<String> out = new ArrayList<>();
        for (JsonNode t : iterable(types)) {
            out.add(t.get("erased").asText());
        }
        return out;
    }

    private static Set<String> texts(JsonNode array) {
        Set<String> out = new TreeSet<>();
        for (JsonNode n : iterable(array)) {
            out.add(n.asText());
        }
        return out;
    }

    private static Iterable<JsonNode> iterable(JsonNode n) {
        return n == null ? List.of() : n::elements;
    }
}
