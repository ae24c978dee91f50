package io.jenkins.plugins.trainingjob.core.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.HostileJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Whatever a user (or a pipeline parameter) puts in a spec, loading either succeeds or throws an
 * {@link InvalidSpecException} listing problems: never another exception, never a stack trace.
 */
class HostileSpecTest {

    private static final Map<String, String> BUILD =
            Map.of("BUILD_NUMBER", "42", "IMAGE_TAG", "v1.3.0", "WORKERS", "4", "GIT_COMMIT", "0123abc");

    @Test
    void everyFieldOfBothExamplesReplacedByEachWrongTypeIsLoadedOrRefusedWithProblems() {
        for (String example : List.of("aihc-job.yaml", "sensecore-job.yaml")) {
            String json = SpecFixture.yaml(SpecFixture.resource(example)).toString();
            List<String> documents = new ArrayList<>(HostileJson.everyValueReplaced(json));
            documents.addAll(HostileJson.wholeDocuments());
            assertThat(crashes(documents)).as(example).isEmpty();
        }
    }

    @Test
    void hostileYamlIsRefusedWithProblems() {
        String laughs =
                "platform: aihc\na: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
                        + "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
                        + "e: [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n";
        List<String> documents = List.of(
                laughs,
                "platform: aihc\nname: " + "[".repeat(5000) + "]".repeat(5000),
                "platform: aihc\njobSpec: {replicas: " + "9".repeat(2000) + "}",
                "platform: aihc\nname: !!javax.script.ScriptEngineManager [!!java.net.URLClassLoader [[]]]",
                "platform: aihc\nname: ${" + "A".repeat(10_000) + "}",
                "platform: sensecore\nenv: [{key: K, value: ${UNDEFINED}}]\n---\nplatform: aihc",
                "\u0000\u0001platform: aihc",
                "platform: [aihc]",
                "? [a, b]\n: c\nplatform: aihc");
        assertThat(crashes(documents)).isEmpty();
    }

    private static List<String> crashes(List<String> documents) {
        List<String> crashes = new ArrayList<>();
        for (String document : documents) {
            try {
                JobSpecLoader.load(document, "job.yaml", BUILD);
            } catch (InvalidSpecException refused) {
                assertThat(refused.problems()).isNotEmpty();
            } catch (RuntimeException | StackOverflowError crash) {
                String shown = document.length() > 200 ? document.substring(0, 200) + "..." : document;
                crashes.add(crash + " on " + shown);
            }
        }
        return crashes;
    }
}
