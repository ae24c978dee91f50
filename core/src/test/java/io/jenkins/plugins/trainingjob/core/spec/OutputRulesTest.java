package io.jenkins.plugins.trainingjob.core.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class OutputRulesTest {

    private static final String WITH_OUTPUTS = SpecFixture.MINIMAL_AIHC + """
            outputs:
              - name: accuracy
                regex: 'eval accuracy: ([0-9.]+)'
              - name: loss
                regex: 'loss (\\d+\\.\\d+)'
            """;

    private static List<String> problems(String outputsYaml) {
        InvalidSpecException[] caught = new InvalidSpecException[1];
        assertThatThrownBy(() -> JobSpecLoader.load(SpecFixture.MINIMAL_AIHC + outputsYaml, "job.yaml", Map.of()))
                .isInstanceOfSatisfying(InvalidSpecException.class, e -> caught[0] = e);
        return caught[0].problems().stream().map(SpecProblem::toString).toList();
    }

    @Test
    void aSpecsOutputsAreReadAndNotSentToThePlatform() {
        JobSpec spec = JobSpecLoader.load(WITH_OUTPUTS, "job.yaml", Map.of());
        assertThat(spec.outputs().rules()).extracting(OutputRule::name).containsExactly("accuracy", "loss");
        assertThat(spec.body().has("outputs")).isFalse();
    }

    @Test
    void aSpecWithoutOutputsStillReadsTheLineConvention() {
        JobSpec spec = JobSpecLoader.load(SpecFixture.MINIMAL_AIHC, "job.yaml", Map.of());
        assertThat(spec.outputs().rules()).isEmpty();
        assertThat(spec.outputs().extract(List.of("trainjob-output checkpoint=bos://b/ckpt/7"), new TreeSet<>()))
                .containsExactly(Map.entry("checkpoint", "bos://b/ckpt/7"));
    }

    @Test
    void theLastMatchWinsAndTheFirstGroupIsTheValue() {
        OutputRules rules =
                JobSpecLoader.load(WITH_OUTPUTS, "job.yaml", Map.of()).outputs();
        Map<String, String> found = rules.extract(
                List.of(
                        "step 1 loss 1.5000",
                        "eval accuracy: 0.71",
                        "step 2 loss 0.7500 then loss 0.5000",
                        "eval accuracy: 0.91",
                        "[worker] trainjob-output accuracy=0.93",
                        "no match here"),
                new TreeSet<>());
        assertThat(found).containsExactly(Map.entry("accuracy", "0.93"), Map.entry("loss", "0.5000"));
    }

    @Test
    void valuesAreStrippedOfControlCharactersAndTooLongOnesAreLeftOutByName() {
        TreeSet<String> tooLong = new TreeSet<>();
        Map<String, String> found = OutputRules.none()
                .extract(
                        List.of(
                                "trainjob-output note=\u001b[31mred\u001b[0m done ",
                                "trainjob-output blob=" + "x".repeat(OutputRules.MAX_VALUE_CHARS + 1)),
                        tooLong);
        assertThat(found).containsExactly(Map.entry("note", "red done"));
        assertThat(tooLong).containsExactly("blob");
    }

    @Test
    void aLineThatOnlyMentionsThePrefixIsNotAnOutput() {
        assertThat(OutputRules.none()
                        .extract(
                                List.of("my-trainjob-output x=1", "trainjob-output 9x=1", "trainjob-outputs x=1"),
                                new TreeSet<>()))
                .isEmpty();
    }

    @Test
    @org.junit.jupiter.api.Timeout(value = 60, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
    void aPatternThatBacktracksEndsOnALineOfTenThousandCommas() {
        JobSpec spec = JobSpecLoader.load(
                SpecFixture.MINIMAL_AIHC + "outputs:\n  - {name: acc, regex: '(.*,){8}acc=([0-9.]+)'}\n",
                "job.yaml",
                Map.of());
        assertThat(spec.outputs().extract(List.of(",".repeat(10_000)), new TreeSet<>())).isEmpty();
    }

    @Test
    void aBadRegexNamesTheFieldAndTheRule() {
        assertThat(problems("outputs:\n  - name: acc\n    regex: 'acc ([0-9'\n"))
                .singleElement()
                .asString()
                .startsWith("outputs[0].regex: not a valid regular expression");
    }

    @Test
    void aRegexWithoutAGroupIsRefused() {
        assertThat(problems("outputs:\n  - name: acc\n    regex: 'acc [0-9.]+'\n"))
                .containsExactly(
                        "outputs[0].regex: needs a capture group: the first group '( )' is the output's value");
    }

    @Test
    void duplicateAndInvalidNamesAreRefused() {
        assertThat(problems("""
                outputs:
                  - {name: acc, regex: 'a (\\d)'}
                  - {name: acc, regex: 'b (\\d)'}
                  - {name: 9lives, regex: 'c (\\d)'}
                  - {name: ok, regex: 'd (\\d)', metric: true}
                """))
                .containsExactly(
                        "outputs[1].name: duplicate output name acc: each output is declared once",
                        "outputs[2].name: must be a letter or '_' followed by up to 63 letters, digits or '_' (what"
                                + " $GITHUB_OUTPUT and dotenv files take)",
                        "outputs[3].metric: unknown field: an output has 'name' and 'regex'");
    }

    @Test
    void outputsMustBeAList() {
        assertThat(problems("outputs: {acc: 'x (1)'}\n"))
                .containsExactly("outputs: expected a list of {name, regex} entries");
    }

    @Test
    void aRegexIsLiteralNotSubstituted() {
        JobSpec spec = JobSpecLoader.load(
                SpecFixture.MINIMAL_AIHC + "outputs:\n  - {name: v, regex: 'v=(\\S+)$'}\n", "job.yaml", Map.of());
        assertThat(spec.outputs().rules().get(0).regex().pattern()).isEqualTo("v=(\\S+)$");
    }
}
