package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A CI runner's SIGINT or SIGTERM that reaches the {@code ./trainjob} launcher before it has exec'd the JVM
 * (its freshness check, the first build, the class-data archive) ends the step with a line saying nothing
 * was submitted, not in silence (review newcomer-release-3 P22). The launcher runs as written, in a copy of
 * the repository's layout whose freshness check is held for two seconds (a {@code find} that sleeps), and
 * gets the signal alone, as the runner sends it.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class LauncherInterruptTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"INT, 130, interrupted", "TERM, 143, terminated"})
    void aSignalBeforeTheJvmStartsEndsTheLauncherWithALine(String signal, int exit, String word) throws Exception {
        Path repo = Files.createDirectories(dir.resolve("repo"));
        Path launcher = repo.resolve("trainjob");
        Files.copy(DocsExamplesTest.ROOT.resolve("trainjob"), launcher);
        Files.createDirectories(repo.resolve("cli/target"));
        Files.writeString(repo.resolve("cli/target/trainjob.jar"), "not run");
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Files.writeString(dir.resolve("started"), "");
        TestLaunchers.executable(
                bin.resolve("find"), "#!/bin/sh\necho started > '" + dir.resolve("started") + "'\nsleep 2\n");
        TestLaunchers.executable(bin.resolve("java"), "#!/bin/sh\necho 'the JVM started' >&2\n");
        ProcessBuilder pb = new ProcessBuilder("sh", launcher.toString(), "submit", "job.yaml")
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("out").toFile());
        pb.environment().put("PATH", bin + File.pathSeparator + System.getenv("PATH"));
        pb.environment().put("TRAINJOB_NO_CDS", "1");
        pb.environment().remove("JAVA_HOME");
        Process p = pb.start();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (Files.readString(dir.resolve("started")).isEmpty() && System.nanoTime() < end) {
            Thread.sleep(20);
        }
        new ProcessBuilder("kill", "-s", signal, Long.toString(p.pid())).start().waitFor(5, TimeUnit.SECONDS);

        assertThat(p.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isEqualTo(exit);
        assertThat(Files.readString(dir.resolve("out")))
                .isEqualTo("trainjob: " + word + " before anything was submitted; no job was created\n");
    }
}
