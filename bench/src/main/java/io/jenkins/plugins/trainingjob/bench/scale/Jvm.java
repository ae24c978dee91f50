package io.jenkins.plugins.trainingjob.bench.scale;

import java.nio.file.Path;

/** How to start another JVM like this one: same java binary, same class path. */
public final class Jvm {
    private Jvm() {}

    public static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    public static String classpath() {
        return System.getProperty("java.class.path");
    }
}
