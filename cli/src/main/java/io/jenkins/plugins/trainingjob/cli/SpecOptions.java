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
            description = "Job spec (YAML or JSON): 'platform: aihc|sensecore' and the platform's native create "
                    + "body; - reads it from standard input.")
    Path file;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "A value for $${KEY} in the spec (repeatable); wins over an environment variable "
                    + "of the same name, e.g. --set IMAGE_TAG=1.4.2.")
    Map<String, String> variables = new LinkedHashMap<>();

    /**
     * Loads and validates; an invalid spec throws with every problem at once. {@code ${NAME}} is filled
     * from {@code --set}, then from the environment (what a CI job exports: BUILD_NUMBER, GIT_COMMIT...).
     */
    JobSpec load(CliEnvironment env) {
        Map<String, String> values = new HashMap<>(env.variables());
        variables.keySet().forEach(SpecOptions::checkName);
        values.putAll(variables);
        return SpecInput.isStdin(file) ? SpecInput.load(values) : JobSpecLoader.load(file, values);
    }

    /** The variable names docs/job-specs.md allows; anything else could never be referenced. */
    private static void checkName(String key) {
        if (!key.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw CliException.invalidInput("--set " + key + ": a variable name is letters, digits and '_', "
                    + "not starting with a digit");
        }
    }
}
