package io.jenkins.plugins.trainingjob.cli.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.spec.OutputRule;
import io.jenkins.plugins.trainingjob.core.spec.OutputRules;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Security review 2, N1: the outputs file feeds later CI steps (a GitLab dotenv variable outranks the job's
 * own), so no output may ever be written under a name a shell, loader or runner reads.
 */
class OutputsFileTest {

    private static OutputRules declaring(String... names) {
        return OutputRules.of(java.util.Arrays.stream(names)
                .map(OutputRule::fromLineConvention)
                .toList());
    }

    @Test
    void everyNameCarriesThePrefixAndStatusComesFirst() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("STATUS", "SUCCEEDED");
        values.put("accuracy", "0.91");
        assertThat(OutputsFile.lines(values, OutputsFile.DEFAULT_PREFIX))
                .isEqualTo("TRAINJOB_OUT_STATUS=SUCCEEDED\nTRAINJOB_OUT_accuracy=0.91\n");
        assertThat(OutputsFile.lines(values, "")).isEqualTo("STATUS=SUCCEEDED\naccuracy=0.91\n");
    }

    @Test
    void underTheDefaultPrefixAnyDeclaredNameIsSafe() {
        assertThat(OutputsFile.refusal(OutputsFile.DEFAULT_PREFIX, declaring("PATH", "LD_PRELOAD", "GITHUB_TOKEN")))
                .isEmpty();
    }

    @Test
    void withoutThePrefixANameALaterStepReadsIsRefusedNamingTheOutput() {
        for (String name : List.of(
                "PATH",
                "path",
                "LD_PRELOAD",
                "BASH_ENV",
                "NODE_OPTIONS",
                "GITHUB_TOKEN",
                "RUNNER_TEMP",
                "CI_JOB_TOKEN",
                "TRAINJOB",
                "TRAINJOB_ARGS",
                "DYLD_INSERT_LIBRARIES",
                "JAVA_TOOL_OPTIONS")) {
            assertThat(OutputsFile.refusal("", declaring("accuracy", name)))
                    .as(name)
                    .get()
                    .asString()
                    .startsWith("outputs[1].name: " + name + " would be written to the outputs file as " + name
                            + ", a name a later step's shell, loader or CI runner reads");
        }
        assertThat(OutputsFile.refusal("", declaring("accuracy", "checkpoint"))).isEmpty();
        assertThat(OutputsFile.refusal("ML_", declaring("PATH")))
                .as("ML_PATH is no one's")
                .isEmpty();
    }

    @Test
    void aPrefixThatIsItselfReservedOrNotANameIsRefused() {
        assertThat(OutputsFile.refusal("GITHUB_", OutputRules.none()))
                .get()
                .asString()
                .startsWith("--outputs-prefix: 'GITHUB_' would write STATUS as GITHUB_STATUS");
        assertThat(OutputsFile.refusal("TRAINJOB_", OutputRules.none())).isPresent();
        assertThat(OutputsFile.refusal("a-b", OutputRules.none()))
                .get()
                .asString()
                .startsWith("--outputs-prefix: 'a-b' must be empty or a letter or '_'");
    }

    @Test
    void theWriterRefusesWhatTheChecksLetThroughByMistake() {
        assertThatThrownBy(() -> OutputsFile.lines(Map.of("PATH", "/tmp/x"), ""))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> OutputsFile.lines(Map.of("a", "x\ny=1"), OutputsFile.DEFAULT_PREFIX))
                .isInstanceOf(IllegalStateException.class);
    }
}
