package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.cli.command.TrainJob;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The trainjob a CI template runs, for tests that run the templates in a shell: what the build makes of
 * this module is not there yet when its tests run ({@code package} comes after {@code test}), so a jar that
 * is only a manifest points at the test's own class path, and {@code java -jar} on it starts the real CLI
 * ({@link TrainJob#main}) in a JVM of its own, with the test JVM's flags (C1 only, serial collector).
 */
final class TestLaunchers {

    private TestLaunchers() {}

    /** {@code trainjob.jar} in {@code dir}: Main-Class TrainJob, Class-Path the test's class path. */
    static Path jar(Path dir) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.put(Attributes.Name.MAIN_CLASS, TrainJob.class.getName());
        main.put(
                Attributes.Name.CLASS_PATH,
                Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                        .map(p -> Path.of(p).toAbsolutePath().toUri().toString())
                        .collect(Collectors.joining(" ")));
        Path jar = Files.createDirectories(dir).resolve("trainjob.jar");
        try (OutputStream out = Files.newOutputStream(jar);
                JarOutputStream ignored = new JarOutputStream(out, manifest)) {
            // a manifest and nothing else
        }
        return jar;
    }

    /** An executable {@code trainjob} script at {@code file} that runs {@link #jar} with the test's JVM. */
    static Path script(Path file) throws IOException {
        Path jar = jar(file.getParent().resolve(".trainjob-jar"));
        return executable(
                file,
                "#!/bin/sh\nexec '" + java() + "' -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar '" + jar
                        + "' \"$@\"\n");
    }

    /** An executable shell script at {@code file}. */
    static Path executable(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }

    /** The test JVM's own {@code java}. */
    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
