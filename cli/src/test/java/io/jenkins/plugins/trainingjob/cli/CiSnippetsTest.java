package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The CI snippets the docs ship stop the platform job when the CI run is cancelled (issue 23 item 5):
 * a GitHub {@code run:} that starts {@code trainjob submit} or {@code await} does it with {@code exec}
 * ({@link CiCancelSequenceTest} shows why), a GitLab job that submits has an {@code after_script} that
 * cancels by the token it submitted with, and the ready action and template are what the docs say.
 */
class CiSnippetsTest {
    private static final Path ROOT = DocsExamplesTest.ROOT;
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Pattern BLOCK = Pattern.compile("```ya?ml\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern WAITS = Pattern.compile("trainjob(\\.jar)?\\s+(submit|await)\\b");

    private static List<String> yamlBlocks() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> files = Files.walk(ROOT.resolve("docs"))) {
            files.filter(p -> p.toString().endsWith(".md")).forEach(docs::add);
        }
        List<String> blocks = new ArrayList<>();
        for (Path doc : docs) {
            Matcher m = BLOCK.matcher(Files.readString(doc));
            while (m.find()) {
                blocks.add(m.group(1));
            }
        }
        return blocks;
    }

    @Test
    void everyGithubRunThatWaitsForAJobExecsTrainjob() throws IOException {
        List<String> runs = new ArrayList<>();
        for (String block : yamlBlocks()) {
            for (String line : block.split("\\n")) {
                if (line.matches("\\s*-?\\s*run:.*") && WAITS.matcher(line).find()) {
                    runs.add(line.strip());
                }
            }
        }
        assertThat(runs)
                .as("GitHub run: lines that start trainjob submit/await")
                .isNotEmpty()
                .allSatisfy(run -> assertThat(run).matches("-?\\s*run:\\s*exec .*"));
    }

    @Test
    void everyGitlabJobThatSubmitsCancelsByItsTokenInAfterScript() throws IOException {
        List<String> jobs = new ArrayList<>();
        for (String block : yamlBlocks()) {
            if (block.contains("script:")
                    && !block.contains("run:")
                    && WAITS.matcher(block).find()) {
                jobs.add(block);
            }
        }
        assertThat(jobs).isNotEmpty().allSatisfy(job -> {
            assertThat(job).contains("after_script:").contains("cancel --client-token");
            Matcher token = Pattern.compile("submit .*?--client-token \"([^\"]+)\"", Pattern.DOTALL)
                    .matcher(job);
            assertThat(token.find()).as("submit names its token: %s", job).isTrue();
            assertThat(job).contains("cancel --client-token \"" + token.group(1) + "\"");
        });
    }

    @Test
    void theGithubActionExecsTheSubmitAndCancelsByTokenWhenTheRunIsCancelled() throws IOException {
        JsonNode action = YAML.readTree(
                ROOT.resolve(".github/actions/trainjob/action.yml").toFile());

        assertThat(action.at("/runs/using").asText()).isEqualTo("composite");
        JsonNode steps = action.at("/runs/steps");
        assertThat(steps).anySatisfy(step -> assertThat(step.path("run").asText())
                .contains("exec bash \"$GITHUB_ACTION_PATH/trainjob.sh\" submit"));
        assertThat(Files.readString(ROOT.resolve(".github/actions/trainjob/trainjob.sh")))
                .contains("exec \"$cmd\" \"$@\"")
                .contains("-jar \"$cmd\" \"$@\"");
        assertThat(steps).anySatisfy(step -> {
            assertThat(step.path("if").asText()).contains("cancelled()");
            assertThat(step.path("run").asText()).contains("cancel --client-token \"$TJ_TOKEN\"");
        });
        assertThat(action.at("/inputs/spec/required").asBoolean()).isTrue();
    }

    @Test
    void theGitlabTemplateCancelsByTheTokenItSubmittedWith() throws IOException {
        JsonNode job = YAML.readTree(ROOT.resolve("docs/ci/gitlab-trainjob.yml").toFile())
                .path(".trainjob");

        assertThat(job.at("/variables/TRAINJOB_CLIENT_TOKEN").asText()).startsWith("gl-");
        assertThat(job.path("script").get(0).asText()).contains("--client-token \"$TRAINJOB_CLIENT_TOKEN\"");
        assertThat(job.path("after_script").get(0).asText())
                .contains("$CI_JOB_STATUS")
                .contains("cancel --client-token \"$TRAINJOB_CLIENT_TOKEN\"");
    }
}
