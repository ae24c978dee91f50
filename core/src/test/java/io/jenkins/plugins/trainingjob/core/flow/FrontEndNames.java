package io.jenkins.plugins.trainingjob.core.flow;

/** The two front ends' spellings, as core's tests need them (each front end keeps its own, tested there). */
final class FrontEndNames {

    private FrontEndNames() {}

    /** The CLI's options: {@code --retry-limit}, {@code --fallback #1}, {@code --wait completed}. */
    static final FieldNames CLI = new FieldNames() {
        @Override
        public String field(String key) {
            if (key.startsWith("fallback[")) {
                return "--fallback #" + key.substring("fallback[".length(), key.length() - 1);
            }
            return java.util.Map.of(
                            "retry.limit", "--retry-limit",
                            "retry.onExitCodes", "--retry-on-exit-codes",
                            "retry.onPreemption", "--retry-on-preemption",
                            "retry.backoff", "--retry-backoff",
                            "clientToken", "--client-token",
                            "cancelOnFailure", "--cancel-on-failure",
                            "cancelOnInterrupt", "--cancel-on-interrupt")
                    .getOrDefault(key, "--" + key);
        }

        @Override
        public String setting(String key, String value) {
            return field(key) + " " + value;
        }

        @Override
        public String stopHint(String jobId) {
            return "trainjob cancel " + jobId;
        }
    };

    /** Jenkins' parameters: {@code retry.limit}, {@code fallback[0]}, {@code wait: 'completed'}. */
    static final FieldNames JENKINS = new FieldNames() {
        @Override
        public String field(String key) {
            if (key.startsWith("fallback[")) {
                int n = Integer.parseInt(key.substring("fallback[".length(), key.length() - 1));
                return "fallback[" + (n - 1) + "]";
            }
            return key;
        }

        @Override
        public String setting(String key, String value) {
            return key + ": '" + value + "'";
        }

        @Override
        public String stopHint(String jobId) {
            return "stop job " + jobId + " on the platform";
        }
    };
}
