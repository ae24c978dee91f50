package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;

/**
 * The plugin's UI resources are complete in English and Chinese: every view's properties and every help
 * file has a {@code _zh_CN} twin with the same keys, every form-bound class has a {@code config.jelly},
 * and every property Stapler binds ({@link DataBoundConstructor} parameter or {@link DataBoundSetter}) has
 * a help file in both languages. Reads the compiled output, so it checks what ships.
 */
class UiResourcesCompletenessTest {
    private static final String PACKAGE = "io.jenkins.plugins.trainingjob.";
    private static final String CHINESE = "_zh_CN";

    @Test
    void everyPropertiesFileHasAChineseTwinWithTheSameKeys() throws Exception {
        List<Path> english =
                files(".properties").stream().filter(p -> !isTranslation(p)).toList();
        assertThat(english)
                .as("Messages.properties and the views' properties")
                .anySatisfy(p -> assertThat(p.getFileName()).hasToString("Messages.properties"));
        List<String> problems = new ArrayList<>();
        for (Path en : english) {
            Path zh = twin(en);
            if (!Files.exists(zh)) {
                problems.add(relative(en) + ": no " + zh.getFileName());
                continue;
            }
            Set<String> enKeys = keys(en);
            Set<String> zhKeys = keys(zh);
            if (!enKeys.equals(zhKeys)) {
                problems.add(relative(en) + ": only in English " + difference(enKeys, zhKeys) + ", only in Chinese "
                        + difference(zhKeys, enKeys));
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void everyHelpFileHasAChineseTwin() throws Exception {
        List<Path> english = files(".html").stream()
                .filter(p -> p.getFileName().toString().startsWith("help"))
                .filter(p -> !isTranslation(p))
                .toList();
        assertThat(english).isNotEmpty();
        assertThat(english)
                .filteredOn(p -> !Files.exists(twin(p)))
                .map(UiResourcesCompletenessTest::relative)
                .as("help files without a Chinese translation")
                .isEmpty();
    }

    @Test
    void everyTranslationHasAnEnglishOriginal() throws Exception {
        List<Path> translations = new ArrayList<>(files(".properties"));
        translations.addAll(files(".html"));
        assertThat(translations)
                .filteredOn(UiResourcesCompletenessTest::isTranslation)
                .filteredOn(p -> !Files.exists(original(p)))
                .map(UiResourcesCompletenessTest::relative)
                .as("translations of nothing")
                .isEmpty();
    }

    /** Jenkins reads properties as ISO-8859-1 on some paths: Chinese text must be written as \\u escapes. */
    @Test
    void propertiesFilesAreAscii() throws Exception {
        List<String> nonAscii = new ArrayList<>();
        for (Path p : files(".properties")) {
            if (!StandardCharsets.US_ASCII.newEncoder().canEncode(Files.readString(p, StandardCharsets.UTF_8))) {
                nonAscii.add(relative(p));
            }
        }
        assertThat(nonAscii).isEmpty();
    }

    @Test
    void everyFormBoundClassHasAConfigPage() throws Exception {
        List<Class<?>> bound = formBoundClasses();
        assertThat(bound)
                .extracting(Class::getSimpleName)
                .contains(
                        "SubmitTrainingJobStep",
                        "AwaitScheduleDiagnosisStep",
                        "TrainingJobBuilder",
                        "AihcConnection",
                        "SenseCoreConnection",
                        "TrainingJobConfiguration");
        assertThat(bound)
                .filteredOn(c -> !Files.exists(resourceDir(c).resolve("config.jelly")))
                .extracting(Class::getName)
                .as("form-bound classes without config.jelly")
                .isEmpty();
    }

    @Test
    void everyBoundPropertyHasHelpInEnglishAndChinese() throws Exception {
        List<String> missing = new ArrayList<>();
        for (Class<?> c : formBoundClasses()) {
            for (String property : boundProperties(c)) {
                for (String suffix : List.of("", CHINESE)) {
                    String file = "help-" + property + suffix + ".html";
                    if (!helpExists(c, file)) {
                        missing.add(c.getSimpleName() + "/" + file);
                    }
                }
            }
        }
        assertThat(missing).isEmpty();
    }

    // --- what Stapler binds

    /** Concrete plugin classes that Stapler instantiates or configures from a form. */
    private static List<Class<?>> formBoundClasses() throws Exception {
        List<Class<?>> found = new ArrayList<>();
        for (Path p : files(".class")) {
            String name = relative(p).replace('/', '.');
            name = name.substring(0, name.length() - ".class".length());
            if (!name.startsWith(PACKAGE)) {
                continue;
            }
            Class<?> c = Class.forName(name, false, UiResourcesCompletenessTest.class.getClassLoader());
            if (!java.lang.reflect.Modifier.isAbstract(c.getModifiers())
                    && !boundProperties(c).isEmpty()) {
                found.add(c);
            }
        }
        return found;
    }

    /** Properties set through a {@code @DataBoundConstructor} parameter or a {@code @DataBoundSetter}. */
    private static Set<String> boundProperties(Class<?> c) {
        Set<String> properties = new TreeSet<>();
        for (Constructor<?> k : c.getConstructors()) {
            if (k.isAnnotationPresent(DataBoundConstructor.class)) {
                for (Parameter p : k.getParameters()) {
                    assertThat(p.isNamePresent())
                            .as("compiled with -parameters: " + k)
                            .isTrue();
                    properties.add(p.getName());
                }
            }
        }
        for (Method m : c.getMethods()) {
            if (m.isAnnotationPresent(DataBoundSetter.class) && m.getName().startsWith("set")) {
                String rest = m.getName().substring(3);
                properties.add(rest.substring(0, 1).toLowerCase(Locale.ROOT) + rest.substring(1));
            }
        }
        return properties;
    }

    /** Jenkins looks for a field's help next to the class's views, then next to its superclasses'. */
    private static boolean helpExists(Class<?> c, String file) {
        for (Class<?> k = c; k != null && k.getName().startsWith(PACKAGE); k = k.getSuperclass()) {
            if (Files.exists(resourceDir(k).resolve(file))) {
                return true;
            }
        }
        return false;
    }

    // --- files of the compiled output

    private static Path root() {
        try {
            return Path.of(TrainingJobConfiguration.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Path resourceDir(Class<?> c) {
        return root().resolve(c.getName().replace('.', '/').replace('$', '/'));
    }

    private static List<Path> files(String extension) throws IOException {
        try (Stream<Path> all = Files.walk(root())) {
            return all.filter(p -> p.getFileName().toString().endsWith(extension))
                    .sorted()
                    .toList();
        }
    }

    private static String relative(Path p) {
        return root().relativize(p).toString().replace(java.io.File.separatorChar, '/');
    }

    private static boolean isTranslation(Path p) {
        return baseName(p).endsWith(CHINESE);
    }

    private static Path twin(Path english) {
        return english.resolveSibling(baseName(english) + CHINESE + extension(english));
    }

    private static Path original(Path translation) {
        String base = baseName(translation);
        return translation.resolveSibling(base.substring(0, base.length() - CHINESE.length()) + extension(translation));
    }

    private static String baseName(Path p) {
        String name = p.getFileName().toString();
        return name.substring(0, name.lastIndexOf('.'));
    }

    private static String extension(Path p) {
        String name = p.getFileName().toString();
        return name.substring(name.lastIndexOf('.'));
    }

    private static Set<String> keys(Path properties) throws IOException {
        Properties loaded = new Properties();
        try (InputStream in = Files.newInputStream(properties)) {
            loaded.load(in);
        }
        return new TreeSet<>(loaded.stringPropertyNames());
    }

    private static Set<String> difference(Set<String> a, Set<String> b) {
        Set<String> d = new TreeSet<>(a);
        d.removeAll(b);
        return d;
    }
}
