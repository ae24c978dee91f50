package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

import io.jenkins.plugins.trainingjob.core.flow.FallbackTarget;
import io.jenkins.plugins.trainingjob.steps.Fallback;
import io.jenkins.plugins.trainingjob.steps.SubmitTrainingJobStep;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.jenkinsci.plugins.workflow.steps.StepExecution;
import org.junit.jupiter.api.Test;

/**
 * The fallback example of {@code docs/jenkins.md} ("Fallback targets and retries") binds to the step as
 * structs binds a script's arguments, and every entry passes the checks a run makes before anything is
 * created: a renamed key or a value the rules refuse fails here instead of in a user's first build.
 */
class JenkinsDocsFallbackExampleTest {

    static final Path DOC = Path.of("..").toAbsolutePath().normalize().resolve("docs/jenkins.md");

    @Test
    @SuppressWarnings("unchecked")
    void theDocumentedFallbackExampleBindsAndEveryEntryPassesTheRunsChecks() throws Exception {
        String doc = Files.readString(DOC);
        int section = doc.indexOf("## Fallback targets and retries");
        assertThat(section).as("the section in %s", DOC).isPositive();
        int block = doc.indexOf("```groovy", section);
        String snippet = doc.substring(block, doc.indexOf("\n```\n", block + 1));
        int call = snippet.indexOf("submitTrainingJob(");
        Map<String, Object> args = (Map<String, Object>)
                new Literal("[" + JenkinsfileExamplesTest.arguments(snippet, call + 17) + "]").value();

        SubmitTrainingJobStep step =
                (SubmitTrainingJobStep) new DataBoundModel(SubmitTrainingJobStep.class).instantiate(args, Set.of());

        assertThat(step.getFallbackOrder()).isEqualTo("best");
        List<Fallback> fallback = step.getFallback();
        assertThat(fallback).hasSize(2);
        List<String> labels = new ArrayList<>();
        List<Map<String, Object>> entries = (List<Map<String, Object>>) args.get("fallback");
        for (int i = 0; i < entries.size(); i++) {
            labels.add(FallbackTarget.fromMap(i + 2, entries.get(i)).label("connection"));
        }
        assertThat(labels)
                .containsExactly("queue=spot", "connection=aihc-b,queue=q3,set.GPU_KIND=baidu.com/h800_80g_cgpu");
        assertThat(fallback.get(1).getVariables()).containsExactly("GPU_KIND=baidu.com/h800_80g_cgpu");
        // the run's own checks (entries, order, wait, reuse) pass: the step starts an execution
        StepExecution execution = step.start(mock(StepContext.class));
        assertThat(execution).isNotNull();
    }

    /** Groovy's literal subset the example uses: maps, lists, single-quoted strings, numbers and booleans. */
    private static final class Literal {
        private final String s;
        private int i;

        Literal(String s) {
            this.s = s;
        }

        Object value() {
            skip();
            char c = s.charAt(i);
            if (c == '[') {
                return bracket();
            }
            if (c == '\'') {
                int end = s.indexOf('\'', i + 1);
                String v = s.substring(i + 1, end);
                i = end + 1;
                return v;
            }
            int start = i;
            while (i < s.length() && ",]".indexOf(s.charAt(i)) < 0) {
                i++;
            }
            String word = s.substring(start, i).trim();
            return switch (word) {
                case "true" -> true;
                case "false" -> false;
                default -> Integer.valueOf(word);
            };
        }

        private Object bracket() {
            i++; // [
            skip();
            if (s.charAt(i) == ':') { // [:] is an empty map
                i += 2;
                return new LinkedHashMap<>();
            }
            Map<String, Object> map = new LinkedHashMap<>();
            List<Object> list = new ArrayList<>();
            while (true) {
                skip();
                if (s.charAt(i) == ']') {
                    i++;
                    return map.isEmpty() ? list : map;
                }
                int colon = keyEnd();
                if (colon > 0) {
                    String key = s.substring(i, colon).trim();
                    i = colon + 1;
                    map.put(key, value());
                } else {
                    list.add(value());
                }
                skip();
                if (s.charAt(i) == ',') {
                    i++;
                }
            }
        }

        /** The colon after a bare key at {@code i}, or -1 when a value starts there. */
        private int keyEnd() {
            int j = i;
            while (j < s.length() && Character.isJavaIdentifierPart(s.charAt(j))) {
                j++;
            }
            while (j < s.length() && Character.isWhitespace(s.charAt(j))) {
                j++;
            }
            return j > i && j < s.length() && s.charAt(j) == ':' ? j : -1;
        }

        private void skip() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }
    }
}
