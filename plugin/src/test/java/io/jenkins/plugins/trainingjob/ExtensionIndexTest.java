package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThat;

import hudson.Extension;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import net.java.sezpoz.Index;
import net.java.sezpoz.IndexItem;
import org.jenkinsci.Symbol;
import org.junit.jupiter.api.Test;

/**
 * Jenkins finds extensions and symbols only through the indexes in the jar: every {@code @Extension} must
 * be in SezPoz's {@code META-INF/annotations/hudson.Extension}, and every {@code @Symbol} class in
 * {@code META-INF/services/annotations/org.jenkinsci.Symbol} (written by hand in the offline build).
 */
class ExtensionIndexTest {
    private static final String PACKAGE = "io.jenkins.plugins.trainingjob.";

    @Test
    void everyExtensionIsIndexedBySezPoz() throws Exception {
        Set<String> indexed = new TreeSet<>();
        for (IndexItem<Extension, Object> item : Index.load(Extension.class, Object.class, loader())) {
            if (item.className().startsWith(PACKAGE)) {
                indexed.add(item.className());
            }
        }
        assertThat(indexed)
                .isEqualTo(annotatedWith(Extension.class))
                .contains(
                        "io.jenkins.plugins.trainingjob.TrainingJobConfiguration",
                        "io.jenkins.plugins.trainingjob.ShutdownListener",
                        "io.jenkins.plugins.trainingjob.steps.SubmitTrainingJobStep$DescriptorImpl");
    }

    @Test
    void everySymbolIsIndexed() throws Exception {
        Set<String> indexed = new TreeSet<>();
        for (URL url : Collections.list(loader().getResources("META-INF/services/annotations/org.jenkinsci.Symbol"))) {
            try (InputStream in = url.openStream()) {
                for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\\R")) {
                    if (line.trim().startsWith(PACKAGE)) {
                        indexed.add(line.trim());
                    }
                }
            }
        }
        assertThat(indexed).isEqualTo(annotatedWith(Symbol.class));
    }

    @Test
    void symbolsAreDistinctFromTheStepFunctionNames() throws Exception {
        Set<String> symbols = new TreeSet<>();
        for (String name : annotatedWith(Symbol.class)) {
            symbols.addAll(
                    Set.of(Class.forName(name).getAnnotation(Symbol.class).value()));
        }
        assertThat(symbols)
                .containsExactlyInAnyOrder("aihc", "sensecore", "trainingJob")
                .doesNotContain("submitTrainingJob", "awaitScheduleDiagnosis");
    }

    private static ClassLoader loader() {
        return ExtensionIndexTest.class.getClassLoader();
    }

    /** The plugin's compiled classes carrying the annotation (read from the class files' directory). */
    private static Set<String> annotatedWith(Class<? extends Annotation> annotation)
            throws IOException, URISyntaxException, ClassNotFoundException {
        Path root = Path.of(TrainingJobConfiguration.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        Set<String> found = new TreeSet<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String name = root.relativize(p).toString().replace(java.io.File.separatorChar, '.');
                name = name.substring(0, name.length() - ".class".length());
                if (name.startsWith(PACKAGE)
                        && Class.forName(name, false, loader()).isAnnotationPresent(annotation)) {
                    found.add(name);
                }
            }
        }
        return found;
    }
}
