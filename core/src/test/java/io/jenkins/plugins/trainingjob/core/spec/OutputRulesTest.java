package io.jenkins.plugins.trainingjob.core.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class OutputRulesTest {

    private static final String NONCE = "0123456789abcdef0123456789abcdef";

    private static final String WITH_OUTPUTS = SpecFixture.MINIMAL_AIHC + """
            outputs:
              - name: accuracy
                regex: 'eval accuracy: ([0-9.]+)'
              - name: loss
                regex: 'loss (\\d+\\.\\d+)'
              - name: checkpoint
            """;

    private static OutputRules rules(String outputsYaml) {
        return JobSpecLoader.load(SpecFixture.MINIMAL_AIHC + outputsYaml, "job.yaml", Map.of())
                .outputs();
    }

    private static List<String> problems(String outputsYaml) {
        InvalidSpecException[] caught = new InvalidSpecException[1];
        assertThatThrownBy(() -> JobSpecLoader.load(SpecFixture.MINIMAL_AIHC + outputsYaml, "job.yaml", Map.of()))
                .isInstanceOfSatisfying(InvalidSpecException.class, e -> caught[0] = e);
        return caught[0].problems().stream().map(SpecProblem::toString).toList();
    }

    private static Map<String, String> extract(OutputRules rules, String... lines) {
        return rules.extract(NONCE, List.of(lines), new TreeSet<>());
    }

    @Test
    void aSpecsOutputsAreReadAndNotSentToThePlatform() {
        JobSpec spec = JobSpecLoader.load(WITH_OUTPUTS, "job.yaml", Map.of());
        assertThat(spec.outputs().rules())
                .extracting(OutputRule::name)
                .containsExactly("accuracy", "loss", "checkpoint");
        assertThat(spec.outputs().rules()).extracting(OutputRule::fromLine).containsExactly(false, false, true);
        assertThat(spec.outputs().readsLineConvention()).isTrue();
        assertThat(spec.body().has("outputs")).isFalse();
    }

    @Test
    void aNameDeclaredWithoutARegexIsReadFromAWholeLineWithTheJobsNonce() {
        OutputRules rules = rules("outputs:\n  - name: checkpoint\n");
        assertThat(extract(rules, "trainjob-output/" + NONCE + " checkpoint=bos://b/ckpt/7"))
                .containsExactly(Map.entry("checkpoint", "bos://b/ckpt/7"));
        assertThat(extract(rules, "trainjob-output/" + NONCE + " checkpoint=bos://b/ckpt/7\r"))
                .as("a trailing carriage return is a line end")
                .containsExactly(Map.entry("checkpoint", "bos://b/ckpt/7"));
    }

    /** Security review 2, N1: the log is not trusted output; only the job's own convention lines count. */
    @Test
    void conventionTextWithoutTheNonceOrNotTheWholeLineSetsNothing() {
        OutputRules rules = rules("outputs:\n  - name: checkpoint\n");
        assertThat(extract(
                        rules,
                        "trainjob-output checkpoint=bos://old-style/without-nonce",
                        "trainjob-output/ffffffffffffffffffffffffffffffff checkpoint=bos://guessed",
                        "loading sample 17: 'trainjob-output/" + NONCE + " checkpoint=bos://quoted'",
                        " trainjob-output/" + NONCE + " checkpoint=bos://indented",
                        "\ttrainjob-output/" + NONCE + " checkpoint=bos://tabbed"))
                .isEmpty();
        assertThat(rules.extract(null, List.of("trainjob-output/" + NONCE + " checkpoint=x"), new TreeSet<>()))
                .as("a job without a nonce has no convention lines")
                .isEmpty();
        assertThat(rules.extract("not-a-nonce", List.of("trainjob-output/not-a-nonce checkpoint=x"), new TreeSet<>()))
                .isEmpty();
    }

    @Test
    void onlyDeclaredNamesAreOutputsAndAConventionLineNeverOverridesARegex() {
        OutputRules rules = rules("""
                outputs:
                  - {name: accuracy, regex: 'eval accuracy: ([0-9.]+)'}
                  - {name: checkpoint}
                """);
        assertThat(extract(
                        rules,
                        "eval accuracy: 0.71",
                        "trainjob-output/" + NONCE + " accuracy=0.99",
                        "trainjob-output/" + NONCE + " GITHUB_TOKEN=x",
                        "trainjob-output/" + NONCE + " TRAINJOB=sh -c id",
                        "trainjob-output/" + NONCE + " checkpoint=bos://ckpt/7"))
                .containsExactly(Map.entry("accuracy", "0.71"), Map.entry("checkpoint", "bos://ckpt/7"));
    }

    @Test
    void theLastMatchWinsAndTheFirstGroupIsTheValue() {
        OutputRules rules =
                JobSpecLoader.load(WITH_OUTPUTS, "job.yaml", Map.of()).outputs();
        Map<String, String> found = extract(
                rules,
                "step 1 loss 1.5000",
                "eval accuracy: 0.71",
                "step 2 loss 0.7500 then loss 0.5000",
                "eval accuracy: 0.91",
                "trainjob-output/" + NONCE + " checkpoint=a",
                "trainjob-output/" + NONCE + " checkpoint=b",
                "no match here");
        assertThat(found)
                .containsExactly(
                        Map.entry("accuracy", "0.91"), Map.entry("checkpoint", "b"), Map.entry("loss", "0.5000"));
    }

    @Test
    void valuesAreStrippedOfControlCharactersAndTooLongOnesAreLeftOutByName() {
        OutputRules rules = rules("outputs:\n  - name: note\n  - name: blob\n");
        TreeSet<String> tooLong = new TreeSet<>();
        Map<String, String> found = rules.extract(
                NONCE,
                List.of(
                        "trainjob-output/" + NONCE + " note=\u001b[31mred\u001b[0m done ",
                        "trainjob-output/" + NONCE + " blob=" + "x".repeat(OutputRules.MAX_VALUE_CHARS + 1)),
                tooLong);
        assertThat(found).containsExactly(Map.entry("note", "red done"));
        assertThat(tooLong).containsExactly("blob");
    }

    @Test
    void aLineThatOnlyMentionsThePrefixIsNotAnOutput() {
        OutputRules rules = rules("outputs:\n  - name: x\n");
        assertThat(extract(
                        rules,
                        "my-trainjob-output/" + NONCE + " x=1",
                        "trainjob-output/" + NONCE + " 9x=1",
                        "trainjob-outputs/" + NONCE + " x=1",
                        "trainjob-output/" + NONCE + " =1"))
                .isEmpty();
    }

    /**
     * Security review 2, N3: a pattern that backtracks for minutes in java.util.regex (240 s at 60 commas)
     * over a line a job chose. RE2/J is linear in the line: this ends, and the timeout is only a guard
     * against a hang (the time itself is measured in bench/, not asserted).
     */
    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aPatternThatBacktracksEndsOnALineOfTenThousandCommas() {
        OutputRules rules = rules("outputs:\n  - {name: acc, regex: '(?:.*,){8}acc=([0-9.]+)'}\n");
        assertThat(rules.rules().get(0).regex()).isInstanceOf(com.google.re2j.Pattern.class);
        assertThat(extract(rules, ",".repeat(10_000))).isEmpty();
        assertThat(extract(rules, ",".repeat(10_000) + "acc=0.93")).containsExactly(Map.entry("acc", "0.93"));
        assertThat(extract(rules("outputs:\n  - {name: acc, regex: '(.*,){8}acc=([0-9.]+)'}\n"), ",".repeat(10_000)))
                .as("the issue's form, whose first group is the comma run")
                .isEmpty();
    }

    @Test
    void syntaxRe2DoesNotHaveIsRefusedNamingTheField() {
        assertThat(problems("""
                outputs:
                  - {name: a, regex: '(\\w)\\1'}
                  - {name: b, regex: '(?=x)(\\d)'}
                  - {name: c, regex: '(?<=v=)(\\d+)'}
                  - {name: d, regex: '(\\d++)'}
                """)).hasSize(4).allSatisfy(p -> assertThat(p)
                .matches("outputs\\[[0-3]]\\.regex: not a regular expression RE2 accepts \\(.*\\); outputs"
                        + " use RE2 syntax, which runs in linear time and has no backreferences, look-ahead"
                        + " or look-behind"));
    }

    @Test
    void aBadRegexNamesTheFieldAndTheRule() {
        assertThat(problems("outputs:\n  - name: acc\n    regex: 'acc ([0-9'\n"))
                .singleElement()
                .asString()
                .startsWith("outputs[0].regex: not a regular expression RE2 accepts (");
    }

    @Test
    void aRegexWithoutAGroupIsRefused() {
        assertThat(problems("outputs:\n  - name: acc\n    regex: 'acc [0-9.]+'\n"))
                .containsExactly(
                        "outputs[0].regex: needs a capture group: the first group '( )' is the output's value");
    }

    @Test
    void statusIsReservedForTheJobsOutcomeInAnyCase() {
        assertThat(problems("outputs:\n  - name: STATUS\n  - {name: status, regex: 's=(\\w+)'}\n"))
                .containsExactly(
                        "outputs[0].name: STATUS is reserved: every outputs file and outputs map carries the job's"
                                + " final phase under it; name the output otherwise",
                        "outputs[1].name: STATUS is reserved: every outputs file and outputs map carries the job's"
                                + " final phase under it; name the output otherwise");
    }

    @Test
    void duplicateAndInvalidNamesAreRefused() {
        assertThat(problems("""
                outputs:
                  - {name: acc, regex: 'a (\\d)'}
                  - {name: acc, regex: 'b (\\d)'}
                  - {name: 9lives, regex: 'c (\\d)'}
                  - {name: ok, regex: 'd (\\d)', metric: true}
                  - {name: empty, regex: ''}
                """))
                .containsExactly(
                        "outputs[1].name: duplicate output name acc: each output is declared once",
                        "outputs[2].name: must be a letter or '_' followed by up to 63 letters, digits or '_' (what"
                                + " $GITHUB_OUTPUT and dotenv files take)",
                        "outputs[3].metric: unknown field: an output has 'name' and 'regex'",
                        "outputs[4].regex: expected non-empty text");
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

    @Test
    void theNonceVariableIsTheClientsNotTheSpecs() {
        String spec = SpecFixture.MINIMAL_AIHC.replace(
                "jobSpec:\n", "jobSpec:\n  envs:\n    - {name: TRAINJOB_OUTPUT_NONCE, value: fixed}\n");
        assertThat(spec).contains("TRAINJOB_OUTPUT_NONCE");
        InvalidSpecException[] caught = new InvalidSpecException[1];
        assertThatThrownBy(() -> JobSpecLoader.load(spec, "job.yaml", Map.of()))
                .isInstanceOfSatisfying(InvalidSpecException.class, e -> caught[0] = e);
        assertThat(caught[0].problems())
                .extracting(SpecProblem::toString)
                .contains("jobSpec.envs[0].name: TRAINJOB_OUTPUT_NONCE is set by trainjob when it creates the job (a"
                        + " new random value each attempt, for the trainjob-output lines); leave it out of the spec");
    }

    @Test
    void generatedNoncesAreRandomAndHaveTheirShape() {
        String a = OutputNonce.generate();
        String b = OutputNonce.generate();
        assertThat(OutputNonce.isValid(a)).isTrue();
        assertThat(a).isNotEqualTo(b).hasSize(32);
        assertThat(OutputNonce.isValid("0123")).isFalse();
        assertThat(OutputNonce.isValid(null)).isFalse();
    }
}
