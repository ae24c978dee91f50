package io.jenkins.plugins.trainingjob.steps;

import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.core.flow.FieldNames;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.Map;

/**
 * The steps' and the builder's spelling of core's submit settings: their parameters as a Pipeline script
 * writes them ({@code retry.limit}, {@code fallback[0]}, {@code wait: 'completed'}).
 */
final class JenkinsFieldNames implements FieldNames {

    static final JenkinsFieldNames INSTANCE = new JenkinsFieldNames();

    /** Where a step's parameter differs from core's key. */
    private static final Map<String, String> PARAMETERS = Map.of("cancelOnInterrupt", "cancelOnAbort");

    private JenkinsFieldNames() {}

    @Override
    public String field(String key) {
        if (key.startsWith("fallback[") && key.endsWith("]")) {
            // core counts fallback targets from 1 (the first after the primary); a script's list from 0
            int n = Integer.parseInt(key.substring("fallback[".length(), key.length() - 1));
            return "fallback[" + (n - 1) + "]";
        }
        return PARAMETERS.getOrDefault(key, key);
    }

    @Override
    public String setting(String key, String value) {
        return field(key) + ": '" + value + "'";
    }

    @Override
    public String stopHint(String jobId) {
        return Messages.Step_StopHint(ConsoleText.strip(jobId));
    }
}
