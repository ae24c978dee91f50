package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.cli.terminal.TerminalStreams;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** B18: a redirected stderr is never taken for a terminal. */
class TerminalStreamsTest {

    @TempDir
    Path dir;

    @Test
    void aDescriptorLinkedToATerminalDeviceIsATerminalAndAFileIsNot() throws Exception {
        Path tty = Files.createSymbolicLink(dir.resolve("2"), Path.of("/dev/pts/3"));
        Path file = Files.createSymbolicLink(dir.resolve("2b"), dir.resolve("err.txt"));
        Path pipe = Files.createSymbolicLink(dir.resolve("2c"), Path.of("pipe:[12345]"));
        assertThat(TerminalStreams.isTerminal(tty)).isTrue();
        assertThat(TerminalStreams.isTerminal(file)).isFalse();
        assertThat(TerminalStreams.isTerminal(pipe)).isFalse();
        assertThat(TerminalStreams.isTerminal(dir.resolve("missing"))).isFalse();
    }

    @Test
    void withoutATerminalNoColourCodeReachesEitherStream() {
        CliHarness cli = new CliHarness(dir.resolve("home"));
        cli.interactive = false;
        var result = cli.run("validate", dir.resolve("nope.yaml").toString());
        assertThat(result.err()).startsWith("trainjob: error: ").doesNotContain("\u001b[");
    }
}
