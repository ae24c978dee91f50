package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThat;

import hudson.Extension;
import hudson.model.Descriptor;
import java.io.IOException;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;

/**
 * Every class Jenkins builds from data (steps, the builder, connections, the global configuration) holds
 * what structs' {@code DescribableModel} and {@code configRoundtrip} need: each parameter has a type structs
 * can describe, a public getter, and a value built from a map through {@link DataBoundConstructor} and
 * {@link DataBoundSetter} reads back through the getters equal to what went in. Classes are found by
 * scanning the compiled plugin, so a parameter added later is covered without touching this test.
 */
class DataBindingContractTest {
    private static final String PACKAGE = "io.jenkins.plugins.trainingjob.";

    /**
     * Values the setters accept for string properties with a syntax; any other string property gets a
     * made-up value. A new property with a syntax fails the round trip until it gets an entry here.
     */
    private static final Map<String, Object> VALID = Map.of(
            "wait", "completed",
            "until", "completed",
            "pendingTimeout", "15m",
            "pollInterval", "45s",
            "endpoint", "https://api.example.test",
            "preflight", "warn",
            "variables", List.of("RUN=42", "IMAGE_TAG=v7"));

    @Test
    void theScanFindsEveryDataBoundClass() throws Exception {
        assertThat(dataBoundClasses())
                .extracting(Class::getSimpleName)
                .contains(
                        "SubmitTrainingJobStep",
                        "AwaitScheduleDiagnosisStep",
                        "TrainingJobBuilder",
                        "AihcConnection",
                        "SenseCoreConnection",
                        "TrainingJobConfiguration");
        assertThat(implementations())
                .extracting(Class::getSimpleName)
                .contains("AihcConnection", "SenseCoreConnection");
    }

    @TestFactory
    Stream<DynamicTest> structsCanDescribeEveryParameter() throws Exception {
        Set<Class<?>> impls = implementations();
        return dataBoundClasses().stream()
                .map(c -> DynamicTest.dynamicTest(
                        c.getSimpleName(), () -> assertThat(new DataBoundModel(c).typeProblems(impls))
                                .as("parameters of %s that structs' ParameterType.of cannot categorize", c.getName())
                                .isEmpty()));
    }

    /**
     * Stapler binds a form through {@code java.beans.Introspector}: a {@code @DataBoundSetter} method must be
     * public (stapler's {@code DataBoundSetter} Javadoc), or the form silently drops the value while
     * structs, which uses {@code getDeclaredMethods}, still sets it from a script.
     */
    @TestFactory
    Stream<DynamicTest> everyDataBoundSetterMethodIsPublic() throws Exception {
        return dataBoundClasses().stream()
                .map(c -> DynamicTest.dynamicTest(c.getSimpleName(), () -> {
                    List<String> hidden = new ArrayList<>();
                    for (Class<?> k = c; k != null; k = k.getSuperclass()) {
                        for (java.lang.reflect.Method m : k.getDeclaredMethods()) {
                            if (m.isAnnotationPresent(DataBoundSetter.class) && !Modifier.isPublic(m.getModifiers())) {
                                hidden.add(k.getSimpleName() + "." + m.getName());
                            }
                        }
                    }
                    assertThat(hidden)
                            .as("@DataBoundSetter methods of %s that Stapler cannot see", c.getName())
                            .isEmpty();
                }));
    }

    @TestFactory
    Stream<DynamicTest> everyParameterHasAPublicGetter() throws Exception {
        return dataBoundClasses().stream()
                .map(c -> DynamicTest.dynamicTest(c.getSimpleName(), () -> {
                    DataBoundModel model = new DataBoundModel(c);
                    assertThat(model.parameters.keySet())
                            .as("bound properties of %s", c.getName())
                            .isNotEmpty();
                    assertThat(model.parameters.keySet().stream()
                                    .filter(p -> model.reader(p) == null)
                                    .toList())
                            .as("bound properties of %s without a public getX()/isX() or field", c.getName())
                            .isEmpty();
                }));
    }

    /**
     * Not for a global configuration: Jenkins makes it once (its constructor loads {@code JENKINS_HOME}) and
     * JCasC sets that singleton, so only a controller can make one, here as upstream. Its round trip is
     * {@code TrainingJobConfigurationJenkinsTest}'s (JCasC in and out, -Pjenkins); offline,
     * {@code TrainingJobConfigurationSaveTest} reads every setter back through its getter.
     */
    @TestFactory
    Stream<DynamicTest> whatGoesInThroughTheBindingComesBackThroughTheGetters() throws Exception {
        Set<Class<?>> impls = implementations();
        return dataBoundClasses().stream()
                .filter(c -> !Descriptor.class.isAssignableFrom(c))
                .map(c -> DynamicTest.dynamicTest(c.getSimpleName(), () -> {
                    DataBoundModel model = new DataBoundModel(c);
                    Map<String, Object> defaults = model.inspect(model.instantiate(Map.of(), impls));
                    Map<String, Object> in = sample(model, impls);
                    for (Map.Entry<String, Object> e : in.entrySet()) {
                        assertThat(e.getValue())
                                .as("%s.%s: the sample must differ from the default", c.getSimpleName(), e.getKey())
                                .isNotEqualTo(defaults.get(e.getKey()));
                    }
                    Object built;
                    try {
                        built = model.instantiate(CustomModel.instantiateArguments(c, in), impls);
                    } catch (IllegalArgumentException e) {
                        throw new AssertionError(
                                c.getSimpleName() + " refused the sample " + in + ": " + e.getMessage()
                                        + "; a property with a syntax needs a valid value in DataBindingContractTest.VALID",
                                e);
                    }
                    assertThat(model.inspect(built))
                            .as("%s read back through its getters", c.getSimpleName())
                            .isEqualTo(in);
                }));
    }

    // --- samples: a valid, non-default value for every parameter

    private static Map<String, Object> sample(DataBoundModel model, Set<Class<?>> impls)
            throws ReflectiveOperationException {
        Map<String, Object> defaults = model.inspect(model.instantiate(Map.of(), impls));
        Map<String, Object> r = new LinkedHashMap<>();
        for (Map.Entry<String, Type> p : model.parameters.entrySet()) {
            r.put(p.getKey(), sample(model.type, p.getKey(), p.getValue(), defaults.get(p.getKey()), impls));
        }
        return r;
    }

    private static Object sample(Class<?> owner, String name, Type t, Object current, Set<Class<?>> impls)
            throws ReflectiveOperationException {
        if (VALID.containsKey(name)) {
            return VALID.get(name);
        }
        Class<?> c = DataBoundModel.erase(t);
        if (c == String.class) {
            return name + "-of-" + owner.getSimpleName();
        }
        if (c == boolean.class || c == Boolean.class) {
            return !Boolean.TRUE.equals(current);
        }
        if (c == int.class || c == Integer.class) {
            return current == null ? 7 : (Integer) current + 7;
        }
        if (c == long.class || c == Long.class) {
            return current == null ? 7L : (Long) current + 7L;
        }
        if (c.isEnum()) {
            for (Object constant : c.getEnumConstants()) {
                if (!((Enum<?>) constant).name().equals(current)) {
                    return ((Enum<?>) constant).name();
                }
            }
        }
        if (java.util.Collection.class.isAssignableFrom(c) && t instanceof ParameterizedType pt) {
            Type element = pt.getActualTypeArguments()[0];
            Class<?> e = DataBoundModel.erase(element);
            List<Object> list = new ArrayList<>();
            if (e == String.class) {
                list.add(name + "-1");
                list.add(name + "-2");
            } else {
                for (Class<?> impl : DataBoundModel.subtypes(e, impls)) {
                    list.add(nested(impl, impls));
                }
            }
            return list;
        }
        List<Class<?>> subtypes = DataBoundModel.subtypes(c, impls);
        if (!subtypes.isEmpty()) {
            return nested(subtypes.get(subtypes.size() - 1), impls);
        }
        throw new IllegalStateException("no sample for " + owner.getSimpleName() + "." + name + " of type " + t
                + ": add one to DataBindingContractTest.VALID");
    }

    private static Map<String, Object> nested(Class<?> impl, Set<Class<?>> impls) throws ReflectiveOperationException {
        Map<String, Object> m = new TreeMap<>(sample(new DataBoundModel(impl), impls));
        m.put(DataBoundModel.CLAZZ, impl.getSimpleName());
        return m;
    }

    // --- what Jenkins would find

    /** Concrete classes built from data: a {@code @DataBoundConstructor}, or a global configuration's setters. */
    static List<Class<?>> dataBoundClasses() throws IOException, ClassNotFoundException {
        List<Class<?>> found = new ArrayList<>();
        for (Class<?> c : pluginClasses()) {
            if (Modifier.isAbstract(c.getModifiers())) {
                continue;
            }
            boolean constructor =
                    Stream.of(c.getConstructors()).anyMatch(k -> k.isAnnotationPresent(DataBoundConstructor.class));
            boolean configuration = Descriptor.class.isAssignableFrom(c)
                    && Stream.of(c.getMethods()).anyMatch(m -> m.isAnnotationPresent(DataBoundSetter.class));
            if (constructor || configuration) {
                found.add(c);
            }
        }
        return found;
    }

    /** structs' {@code findSubtypes}: classes whose descriptor is an extension (registered in Jenkins). */
    static Set<Class<?>> implementations() throws IOException, ClassNotFoundException {
        Set<Class<?>> found = new LinkedHashSet<>();
        for (Class<?> c : pluginClasses()) {
            for (Class<?> inner : c.getDeclaredClasses()) {
                if (Descriptor.class.isAssignableFrom(inner) && inner.isAnnotationPresent(Extension.class)) {
                    found.add(c);
                }
            }
        }
        return found;
    }

    static List<Class<?>> pluginClasses() throws IOException, ClassNotFoundException {
        Path root;
        try {
            root = Path.of(TrainingJobConfiguration.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        List<Class<?>> found = new ArrayList<>();
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p :
                    all.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                String name = root.relativize(p).toString().replace(java.io.File.separatorChar, '.');
                name = name.substring(0, name.length() - ".class".length());
                if (name.startsWith(PACKAGE)) {
                    found.add(Class.forName(name, false, DataBindingContractTest.class.getClassLoader()));
                }
            }
        }
        return found;
    }
}
