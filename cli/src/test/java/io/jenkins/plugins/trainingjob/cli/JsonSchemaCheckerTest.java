package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import org.junit.jupiter.api.Test;

/**
 * The hand-written checker must refuse what the schema forbids, or JsonContractTest passes on anything:
 * here the forms the {@code attempts} entries use, a nullable {@code type} list and an enum with null.
 */
class JsonSchemaCheckerTest {

    private static final String SCHEMA = """
            {"type": "object", "additionalProperties": false,
             "properties": {
               "jobId": {"type": ["string", "null"], "minLength": 1},
               "verdict": {"enum": ["FITS_NOW", null]}}}
            """;

    private static java.util.List<String> problems(String doc) throws Exception {
        return new JsonSchemaChecker(Terminal.JSON.readTree(SCHEMA)).problems(Terminal.JSON.readTree(doc));
    }

    @Test
    void aTypeListAcceptsEachOfItsTypesAndNothingElse() throws Exception {
        assertThat(problems("{\"jobId\": \"j-1\", \"verdict\": \"FITS_NOW\"}")).isEmpty();
        assertThat(problems("{\"jobId\": null, \"verdict\": null}")).isEmpty();
        assertThat(problems("{\"jobId\": 7}")).containsExactly("$.jobId: expected [\"string\",\"null\"], found NUMBER");
        assertThat(problems("{\"jobId\": \"\"}")).containsExactly("$.jobId: shorter than 1");
        assertThat(problems("{\"verdict\": \"NEVER_FITS\"}")).hasSize(1);
        assertThat(problems("{\"jobs\": []}")).containsExactly("$: unexpected key jobs");
    }
}
