package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.core.flow.FieldNames;
import java.util.Map;

/** The CLI's spelling of core's submit settings: errors and lines name the options as typed. */
final class CliFieldNames implements FieldNames {

    static final CliFieldNames INSTANCE = new CliFieldNames();

    private static final Map<String, String> OPTIONS = Map.ofEntries(
            Map.entry("wait", "--wait"),
            Map.entry("fallback", "--fallback"),
            Map.entry("fallbackOrder", "--fallback-order"),
            Map.entry("retry.limit", "--retry-limit"),
            Map.entry("retry.onExitCodes", "--retry-on-exit-codes"),
            Map.entry("retry.onPreemption", "--retry-on-preemption"),
            Map.entry("retry.backoff", "--retry-backoff"),
            Map.entry("reuse", "--reuse"),
            Map.entry("clientToken", "--client-token"),
            Map.entry("preflight", "--preflight"),
            Map.entry("cancelOnFailure", "--cancel-on-failure"),
            Map.entry("cancelOnInterrupt", "--cancel-on-interrupt"),
            Map.entry("maxWait", "--max-wait"));

    private CliFieldNames() {}

    @Override
    public String field(String key) {
        if (key.startsWith("fallback[") && key.endsWith("]")) {
            // fallback[1] is the first --fallback: the CLI counts its options from 1, as a person does
            return "--fallback #" + key.substring("fallback[".length(), key.length() - 1);
        }
        return OPTIONS.getOrDefault(key, key);
    }

    @Override
    public String setting(String key, String value) {
        return field(key) + " " + value;
    }

    @Override
    public String stopHint(String jobId) {
        return "trainjob cancel " + jobId;
    }
}
