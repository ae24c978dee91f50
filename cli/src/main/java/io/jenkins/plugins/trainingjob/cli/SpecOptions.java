package io.jenkins.plugins.trainingjob.cli;

import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** A spec file and the {@code ${NAME}} values to fill into it. */
public final class SpecOptions {

    @Parameters(index = "0", paramLabel = "SPEC",
            description = "Job spec (YAML or JSON): 'platform: aihc|sensecore' and the platform's native create body.")
    Path file;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "A value for ${KEY} in the spec (repeatable); wins over an environment variable "
                    + "of the same name, e.g. --set IMAGE_TAG=1.4.2.")
    Map<String, String> variables = new LinkedHashMap<>();

    /**
     * Loads and validates; an invalid spec throws with every problem at once. {@code ${NAME}} is filled
     * from {@code --set}, then from the environment (what a CI job exports: BUILD_NUMBER, GIT_COMMIT...).
     */
    JobSpec load(CliEnvironment env) {
        Map<String, String> values = new HashMap<>(env.variables());
        values.putAll(variables);
        return JobSpecLoader.load(file, values);
    }
}
