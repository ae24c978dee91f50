package io.jenkins.plugins.trainingjob.core.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VariableSubstitutionTest {

    private final List<SpecProblem> problems = new ArrayList<>();

    private JsonNode substitute(String yaml, Map<String, String> variables) {
        JsonNode tree = SpecFixture.yaml(yaml);
        new VariableSubstitution(variables).apply(tree, problems);
        return tree;
    }

    @Test
    void replacesReferencesInTextValuesAnywhereInTheTree() {
        JsonNode tree = substitute("""
                name: sft-${BUILD_NUMBER}
                jobSpec: {image: "r/i:${TAG}", envs: [{name: A, value: "${A}${B}"}]}
                list: ["${TAG}", plain]
                """, Map.of("BUILD_NUMBER", "42", "TAG", "v1", "A", "x", "B", "y"));
        assertThat(problems).isEmpty();
        assertThat(tree.at("/name").textValue()).isEqualTo("sft-42");
        assertThat(tree.at("/jobSpec/image").textValue()).isEqualTo("r/i:v1");
        assertThat(tree.at("/jobSpec/envs/0/value").textValue()).isEqualTo("xy");
        assertThat(tree.at("/list/0").textValue()).isEqualTo("v1");
    }

    @Test
    void aValueCannotInjectStructure() {
        JsonNode tree = substitute("name: ${NAME}\n", Map.of("NAME", "x\nstate: RUNNING\nroles: []"));
        assertThat(tree.size()).isEqualTo(1);
        assertThat(tree.at("/name").textValue()).isEqualTo("x\nstate: RUNNING\nroles: []");
    }

    @Test
    void aValueIsNotSubstitutedAgain() {
        JsonNode tree = substitute("name: ${A}\n", Map.of("A", "${B}", "B", "b"));
        assertThat(tree.at("/name").textValue()).isEqualTo("${B}");
    }

    @Test
    void doubleDollarEscapesALiteralReference() {
        JsonNode tree = substitute("cmd: echo $${HOME} $HOME $$ ${X}\n", Map.of("X", "1"));
        assertThat(problems).isEmpty();
        assertThat(tree.at("/cmd").textValue()).isEqualTo("echo ${HOME} $HOME $$ 1");
    }

    @Test
    void keysAreNeverSubstituted() {
        JsonNode tree = substitute("${KEY}: v\n", Map.of("KEY", "name"));
        assertThat(tree.has("${KEY}")).isTrue();
    }

    @Test
    void undefinedAndMalformedReferencesAreProblemsNamingPathAndVariable() {
        substitute("""
                name: ${BUILD_NUMBR}
                roles: [{image_path: "r/${REGISTRY}/i"}]
                a: ${bad name}
                b: "${UNCLOSED"
                """, Map.of("BUILD_NUMBER", "42"));
        assertThat(problems)
                .extracting(SpecProblem::toString)
                .containsExactly(
                        "name: undefined variable ${BUILD_NUMBR}: did you mean ${BUILD_NUMBER}?",
                        "roles[0].image_path: undefined variable ${REGISTRY}",
                        "a: invalid variable name in '${bad name}': use letters, digits and '_', starting with a letter or '_'",
                        "b: unclosed variable reference '${': close it with '}' or write '$${' for a literal '${'");
    }

    @Test
    void remembersWhichValuesWereExactlyOneReference() {
        VariableSubstitution substitution = new VariableSubstitution(Map.of("N", "4"));
        substitution.apply(SpecFixture.yaml("a: ${N}\nb: x${N}\nc: ${N}${N}\nd: [\"${N}\"]\n"), problems);
        assertThat(substitution.wholeValuePaths()).containsExactlyInAnyOrder("a", "d[0]");
    }

    @Test
    void aWholeValueReferenceFillsNumberAndBooleanFieldsWithTheFieldsType() {
        JobSpec spec = JobSpecLoader.load(
                SpecFixture.MINIMAL_AIHC.replace("replicas: 1", "replicas: ${WORKERS}") + "enableBccl: ${BCCL}\n",
                "job.yaml",
                Map.of("WORKERS", "8", "BCCL", "false"));
        assertThat(spec.body().at("/jobSpec/replicas").isInt()).isTrue();
        assertThat(spec.body().at("/jobSpec/replicas").intValue()).isEqualTo(8);
        assertThat(spec.body().at("/enableBccl").isBoolean()).isTrue();
    }

    @Test
    void aReferenceInATextFieldStaysText() {
        JobSpec spec = JobSpecLoader.load(
                SpecFixture.MINIMAL_AIHC.replace("sft-1", "${NAME}"), "job.yaml", Map.of("NAME", "12345"));
        assertThat(spec.body().get("name").isTextual()).isTrue();
        assertThat(spec.name()).isEqualTo("12345");
    }

    @Test
    void aVariableThatDoesNotFitTheFieldIsAProblemThatDoesNotShowTheValue() {
        InvalidSpecException e = catchThrowableOfType(
                InvalidSpecException.class,
                () -> JobSpecLoader.load(
                        SpecFixture.MINIMAL_AIHC.replace("replicas: 1", "replicas: ${WORKERS}")
                                + "jobSpec2: ${SECRET}\n",
                        "job.yaml",
                        Map.of("WORKERS", "four-s3cret", "SECRET", "s3cret")));
        assertThat(e.problems())
                .extracting(SpecProblem::toString)
                .containsExactly(
                        "jobSpec.replicas: expected an integer, but the variable's value is not",
                        "jobSpec2: unknown field: did you mean 'jobSpec'?");
        assertThat(e.getMessage()).doesNotContain("s3cret");
    }

    @Test
    void undefinedVariablesAreReportedTogetherWithOtherProblems() {
        InvalidSpecException e = catchThrowableOfType(
                InvalidSpecException.class,
                () -> JobSpecLoader.load(
                        SpecFixture.MINIMAL_AIHC.replace("replicas: 1", "replicas: ${WORKERS}") + "priority: urgent\n",
                        "job.yaml",
                        Map.of()));
        assertThat(e.problems())
                .extracting(SpecProblem::toString)
                .containsExactly(
                        "jobSpec.replicas: undefined variable ${WORKERS}",
                        "priority: must be one of high, normal, low (found 'urgent')");
    }
}
