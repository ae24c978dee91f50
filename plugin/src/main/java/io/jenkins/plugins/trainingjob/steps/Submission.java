package io.jenkins.plugins.trainingjob.steps;

import hudson.FilePath;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.TrainingJobService;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@code submitTrainingJob} and the freestyle builder need around core's submit flow: the spec read from
 * the workspace (bounded) and loaded with the build's variables, and the monitor's policy from the step's
 * parameters and the global defaults.
 */
final class Submission {
    private Submission() {}

    /**
     * Reads the spec file {@code path} of the workspace; a missing file is bad input naming the path. The
     * file comes from the agent into controller memory, so its size is checked first and at most
     * {@link JobSpecLoader#MAX_FILE_BYTES} (+1) bytes are ever read: a device such as {@code /dev/zero}
     * reports size 0, and a compromised agent may answer with an endless stream (review S4).
     */
    static String readSpec(FilePath workspace, String path) throws IOException, InterruptedException {
        FilePath file = workspace.child(path);
        if (!file.exists()) {
            throw InvalidInputException.worded("spec", Messages.Step_SpecNotFound(path));
        }
        int max = JobSpecLoader.MAX_FILE_BYTES;
        if (file.length() > max) {
            throw InvalidInputException.worded("spec", Messages.Step_SpecTooLarge(path, Integer.toString(max)));
        }
        byte[] bytes;
        try (InputStream in = file.read()) {
            bytes = in.readNBytes(max + 1);
        }
        if (bytes.length > max) {
            throw InvalidInputException.worded("spec", Messages.Step_SpecTooLarge(path, Integer.toString(max)));
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** The spec with the build's environment, overlaid with the step's own variables. */
    static JobSpec loadSpec(
            TrainingJobService service,
            String specText,
            String source,
            Map<String, String> env,
            Map<String, String> variables) {
        Map<String, String> effective = new TreeMap<>();
        if (env != null) {
            effective.putAll(env);
        }
        effective.putAll(variables);
        return service.specs().load(specText, source, effective);
    }

    /** The monitor's policy for waiting as {@code mode} says (not {@link WaitMode#NONE}). */
    static WatchPolicy policy(WaitMode mode, String pendingTimeout, TrainingJobService service) {
        return WatchOptions.policy(mode.target(), pendingTimeout, service.configuration());
    }
}
