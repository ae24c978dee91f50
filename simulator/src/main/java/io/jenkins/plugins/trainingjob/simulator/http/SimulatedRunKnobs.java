package io.jenkins.plugins.trainingjob.simulator.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a submitted job's env asks of the run the simulator fakes, the same on both platforms:
 * {@code SIM_RUN_SECONDS} (how long it runs), {@code SIM_EXIT_CODE} (how it ends; 0 succeeds) and, for an
 * AIHC fault-tolerant job, {@code SIM_TRANSIENT_FAILED_READS} (how many detail reads say Failed while it runs).
 * A bad value is refused as the platform refuses a bad parameter.
 */
final class SimulatedRunKnobs {

    private SimulatedRunKnobs() {}

    /** {@code [{name|key, value}]} env lists of either platform. */
    static Map<String, String> envs(JsonNode list, String keyField) {
        Map<String, String> env = new TreeMap<>();
        if (list.isArray()) {
            for (JsonNode e : list) {
                env.put(e.path(keyField).asText(""), e.path("value").asText(""));
            }
        }
        return env;
    }

    /** {@code SIM_RUN_SECONDS}, else {@code fallback}. */
    static Duration runTime(Map<String, String> env, Duration fallback) {
        String v = env.get("SIM_RUN_SECONDS");
        if (v == null) {
            return fallback;
        }
        try {
            double s = Double.parseDouble(v.trim());
            if (s < 0) {
                throw new NumberFormatException();
            }
            return Duration.ofMillis((long) (s * 1000));
        } catch (NumberFormatException e) {
            throw new ApiException(
                    400,
                    "InvalidParameter",
                    "Invalid parameter: env SIM_RUN_SECONDS must be a " + "non-negative number of seconds, was '" + v
                            + "'");
        }
    }

    /** {@code SIM_EXIT_CODE}, else 0. */
    static int exitCode(Map<String, String> env) {
        String v = env.get("SIM_EXIT_CODE");
        if (v == null) {
            return 0;
        }
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new ApiException(
                    400,
                    "InvalidParameter",
                    "Invalid parameter: env SIM_EXIT_CODE must be an " + "integer, was '" + v + "'");
        }
    }

    /** {@code SIM_TRANSIENT_FAILED_READS}: read as an exit code is (a bad value is refused in those words). */
    static int transientFailedReads(String value) {
        return exitCode(Map.of("SIM_EXIT_CODE", value));
    }
}
