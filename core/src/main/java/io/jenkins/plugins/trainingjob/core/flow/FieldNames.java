package io.jenkins.plugins.trainingjob.core.flow;

/**
 * How a front end's user writes the submit's settings, so core's errors and lines name them as the user
 * typed them without core knowing either front end. Core speaks in keys ({@code wait}, {@code fallback},
 * {@code fallback[1]}, {@code retry.limit}, {@code reuse}, {@code clientToken}, {@code preflight},
 * {@code cancelOnFailure}, {@code cancelOnInterrupt}); each front end maps them once.
 */
public interface FieldNames {

    /** The setting's name as the user writes it: {@code --retry-limit} in the CLI, {@code retry.limit} in Jenkins. */
    String field(String key);

    /**
     * The setting with a value, as the user writes it: {@code --wait completed} in the CLI,
     * {@code wait: 'completed'} in Jenkins.
     */
    String setting(String key, String value);

    /** What a person runs to stop {@code jobId}: {@code trainjob cancel <id>}, or the Jenkins hint. */
    String stopHint(String jobId);

    /** The keys as they are: for tests and for callers that show core's own names. */
    FieldNames KEYS = new FieldNames() {
        @Override
        public String field(String key) {
            return key;
        }

        @Override
        public String setting(String key, String value) {
            return key + ": " + value;
        }

        @Override
        public String stopHint(String jobId) {
            return "stop job " + jobId + " on the platform";
        }
    };
}
