package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.cli.command.TrainJob;
import io.jenkins.plugins.trainingjob.core.platform.PlatformConnector;
import io.jenkins.plugins.trainingjob.core.platform.connect.TrainingPlatforms;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * Runs {@code trainjob} in-process the way a shell would, with its own environment variables, home
 * directory, captured stdout/stderr and a Ctrl-C the test can press.
 */
public final class CliHarness {

    final Map<String, String> env = new HashMap<>();
    final Path home;
    final ManualInterrupts interrupts = new ManualInterrupts();
    PlatformConnector connector = TrainingPlatforms::connect;
    /** Whether stdout counts as a terminal (colour is only ever used on one). */
    public boolean interactive;
    /** The command's time: a test against a simulator whose time was moved sets one that agrees with it. */
    TimeSource time = TimeSource.system();

    public CliHarness(Path home) {
        this.home = home;
    }

    /** What one run printed and returned. */
    record Result(int exitCode, String out, String err) {

        /** The run ended with exactly one error line and no stack trace. */
        Result failsWithOneLine(int code, String... fragments) {
            assertThat(exitCode).as("exit code; stderr was:%n%s", err).isEqualTo(code);
            assertThat(err.lines().filter(l -> l.startsWith("trainjob: error: ")))
                    .hasSize(1);
            String line = err.lines()
                    .filter(l -> l.startsWith("trainjob: error: "))
                    .findFirst()
                    .orElseThrow();
            for (String fragment : fragments) {
                assertThat(line).contains(fragment);
            }
            return withoutStackTrace();
        }

        Result withoutStackTrace() {
            assertThat(err).doesNotContain("\tat ").doesNotContain("Exception:").doesNotContain("Caused by");
            assertThat(out).doesNotContain("\tat ");
            return this;
        }
    }

    /** Counted down when stderr first contains the text given to {@link #onErr}. */
    private volatile CountDownLatch errSeen;

    private volatile String errText;
    private volatile Runnable errAction;

    /**
     * Runs {@code action} on the command's own thread as soon as stderr contains {@code text}, before the
     * command goes on: "Ctrl-C at the instant X is printed", without sleeping.
     */
    CountDownLatch onErr(String text, Runnable action) {
        errText = text;
        errAction = action;
        errSeen = new CountDownLatch(1);
        return errSeen;
    }

    /** A stderr that notices the text {@link #onErr} waits for. */
    private final class WatchedErr extends StringWriter {
        @Override
        public void write(String str, int off, int len) {
            super.write(str, off, len);
            check();
        }

        @Override
        public void write(char[] buf, int off, int len) {
            super.write(buf, off, len);
            check();
        }

        @Override
        public void write(int c) {
            super.write(c);
            check();
        }

        private void check() {
            CountDownLatch latch = errSeen;
            if (latch != null && latch.getCount() > 0 && toString().contains(errText)) {
                latch.countDown();
                if (errAction != null) {
                    errAction.run();
                }
            }
        }
    }

    public Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new WatchedErr();
        CliEnvironment environment = new CliEnvironment(
                env,
                home,
                new PrintWriter(out, true),
                new PrintWriter(err, true),
                interactive,
                interrupts,
                connector,
                time);
        int code = TrainJob.run(environment, args);
        return new Result(code, out.toString(), err.toString());
    }

    /** Copies a test resource of this package into {@code dir} and returns its path. */
    public static Path resource(Path dir, String name) {
        try (InputStream in = CliHarness.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + name);
            }
            Path target = dir.resolve(name);
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
