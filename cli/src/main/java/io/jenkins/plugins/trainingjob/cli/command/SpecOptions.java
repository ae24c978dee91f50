package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.CliEnvironment;
import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** A spec file and the {@code ${NAME}} values to fill into it. */
public final class SpecOptions {

    @Parameters(
            index = "0",
            paramLabel = "SPEC",
            description = "Job spec (YAML or JSON): 'platform: aihc|sensecore' and the platform's native create "
                    + "body; - reads it from standard input.")
    Path file;

    @Option(
            names = "--set",
            paramLabel = "KEY=VALUE",
            description = "A value for $${KEY} in the spec (repeatable, each KEY once); wins over an environment "
                    + "variable of the same name, e.g. --set IMAGE_TAG=1.4.2.")
    List<String> assignments = new ArrayList<>();

    /** How error and success lines name the spec: its path, or {@code <stdin>} for {@code -}. */
    String sourceName() {
        return SpecInput.isStdin(file) ? SpecInput.STDIN_NAME : String.valueOf(file);
    }

    /**
     * Loads and validates; an invalid spec throws with every problem at once. {@code ${NAME}} is filled
     * from {@code --set}, then from the environment (what a CI job exports: BUILD_NUMBER, GIT_COMMIT...).
     */
    JobSpec load(CliEnvironment env) {
        return load(env, Map.of());
    }

    /** As {@link #load(CliEnvironment)}, with {@code overrides} (a fallback target's values) winning over both. */
    JobSpec load(CliEnvironment env, Map<String, String> overrides) {
        Map<String, String> values = new HashMap<>(env.variables());
        values.putAll(variables());
        values.putAll(overrides);
        return SpecInput.isStdin(file) ? SpecInput.load(values) : JobSpecLoader.load(file, values);
    }

    /**
     * The {@code --set} values by name. A name given twice is refused, as the plugin refuses it: the second
     * value silently winning hides a mistake in a CI script.
     */
    Map<String, String> variables() {
        Map<String, String> values = new LinkedHashMap<>();
        for (String assignment : assignments) {
            int eq = assignment.indexOf('=');
            if (eq < 0) {
                throw CliException.invalidInput("--set " + assignment + ": expected KEY=VALUE");
            }
            String key = assignment.substring(0, eq);
            checkName(key);
            if (values.containsKey(key)) {
                throw CliException.invalidInput("--set " + key + ": given twice; a variable may appear once");
            }
            values.put(key, assignment.substring(eq + 1));
        }
        return values;
    }

    /** The variable names docs/job-specs.md allows; anything else could never be referenced. */
    private static void checkName(String key) {
        if (!key.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw CliException.invalidInput(
                    "--set " + key + ": a variable name is letters, digits and '_', " + "not starting with a digit");
        }
    }
}
