package io.jenkins.plugins.trainingjob.core.monitor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import java.util.Map;

/**
 * The spec of attempt n of a submit. A spec without a name is sent as it is: each attempt's own client
 * token names it (SenseCore derives the name from the token). A spec with a name keeps it on attempt 1
 * and is named {@code <name>-a<n>} from attempt 2 on: SenseCore finds jobs by name, so a second job under
 * the first one's name would be taken for the first (or refused as a duplicate). The suffix matches the
 * token's ({@code ClientToken.forAttempt}), so a person sees which job belongs to which attempt.
 */
final class AttemptSpec {

    private static final int MAX_NAME = 63;

    private AttemptSpec() {
    }

    static JobSpec forAttempt(JobSpec spec, int attempt) {
        if (attempt == 1 || spec.name() == null || spec.name().isBlank()) {
            return spec;
        }
        String suffix = "-a" + attempt;
        String base = spec.name().trim();
        if (base.length() + suffix.length() > MAX_NAME) {
            base = base.substring(0, MAX_NAME - suffix.length());
        }
        while (base.endsWith("-") || base.endsWith("_") || base.endsWith(".")) {
            base = base.substring(0, base.length() - 1);
        }
        ObjectNode body = spec.body();
        body.put("name", base + suffix);
        body.put("platform", spec.platform().id());
        // Rendered already: no placeholders left to fill, so no variables.
        return JobSpecLoader.load(body, "attempt " + attempt + " of " + spec.name(), Map.of());
    }
}
