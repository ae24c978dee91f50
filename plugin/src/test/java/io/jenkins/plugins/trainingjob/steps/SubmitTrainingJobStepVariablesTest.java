package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code variables} is a list of {@code NAME=value} entries (a type structs can describe), and scripts
 * written with the map form still work: the descriptor turns the map into entries before structs binds it.
 */
class SubmitTrainingJobStepVariablesTest {

    @Test
    void entriesAreKeptAsGivenAndReadByName() {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setVariables(List.of("RUN=42", "OPTS=--lr=0.1", "EMPTY="));

        assertThat(step.getVariables()).containsExactly("RUN=42", "OPTS=--lr=0.1", "EMPTY=");
        assertThat(step.variableMap())
                .containsExactly(Map.entry("EMPTY", ""), Map.entry("OPTS", "--lr=0.1"), Map.entry("RUN", "42"));
    }

    @Test
    void noVariablesIsAnEmptyList() {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        assertThat(step.getVariables()).isEmpty();
        step.setVariables(null);
        assertThat(step.getVariables()).isEmpty();
    }

    @Test
    void theMapFormOfEarlierScriptsBecomesEntriesAndNumbersBecomeText() {
        Map<String, Object> variables = new LinkedHashMap<>();
        variables.put("RUN", 1);
        variables.put("IMAGE_TAG", "v42");
        Map<String, Object> arguments = new LinkedHashMap<>();
        arguments.put("connection", "prod");
        arguments.put("variables", variables);

        Map<String, Object> translated = new SubmitTrainingJobStep.DescriptorImpl().customInstantiate(arguments);

        assertThat(translated)
                .containsEntry("connection", "prod")
                .containsEntry("variables", List.of("RUN=1", "IMAGE_TAG=v42"));
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        @SuppressWarnings("unchecked")
        List<String> entries = (List<String>) translated.get("variables");
        step.setVariables(entries);
        assertThat(step.variableMap()).containsEntry("RUN", "1");
    }

    @Test
    void argumentsWithoutAMapAreLeftAlone() {
        Map<String, Object> arguments = Map.of("variables", List.of("RUN=1"), "spec", "job.yaml");
        assertThat(new SubmitTrainingJobStep.DescriptorImpl().customInstantiate(arguments))
                .isSameAs(arguments);
    }

    @Test
    void aMapEntryWithoutAValueIsRefusedByName() {
        Map<String, Object> variables = new LinkedHashMap<>();
        variables.put("RUN", null);
        assertThatThrownBy(() ->
                        new SubmitTrainingJobStep.DescriptorImpl().customInstantiate(Map.of("variables", variables)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("variables: RUN has no value");
    }

    @Test
    void anEntryWithoutEqualsIsRefusedByPositionWithoutEchoingIt() {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        assertThatThrownBy(() -> variablesOf(List.of("RUN=1", "hunter2-secret")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("variables: entry 2 is not NAME=value")
                .message()
                .doesNotContain("hunter2");
        assertThatThrownBy(() -> variablesOf(new ArrayList<>(Arrays.asList("RUN=1", null))))
                .hasMessage("variables: entry 2 is not NAME=value");
    }

    @Test
    void anEntryWhoseNameAPlaceholderCannotUseIsRefused() {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        for (String bad : List.of("1RUN=2", "=2", "MY-VAR=2", "RÜN=2")) {
            assertThatThrownBy(() -> variablesOf(List.of(bad)))
                    .as(bad)
                    .hasMessageStartingWith("variables: entry 1 has no valid name before '='");
        }
    }

    @Test
    void aNameGivenTwiceIsRefused() {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        assertThatThrownBy(() -> variablesOf(List.of("RUN=1", "RUN=2"))).hasMessage("variables: RUN is given twice");
    }

    @Test
    void theSetterKeepsEntriesAsGivenAndTheStepRefusesThemWhenItStarts() {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setVariables(List.of("RUN=1", "RUN=2")); // no exception: structs would wrap it (N4)

        assertThat(step.getVariables()).containsExactly("RUN=1", "RUN=2");
        assertThatThrownBy(step::variableMap).hasMessage("variables: RUN is given twice");
    }

    /** What the step does with the entries when it runs (its execution reads {@code variableMap()}). */
    private static Map<String, String> variablesOf(List<String> entries) {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setVariables(entries);
        return step.variableMap();
    }
}
