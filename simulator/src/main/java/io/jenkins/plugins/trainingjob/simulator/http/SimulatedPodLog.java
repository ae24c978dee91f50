package io.jenkins.plugins.trainingjob.simulator.http;

import io.jenkins.plugins.trainingjob.simulator.cluster.JobState;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobView;
import io.jenkins.plugins.trainingjob.simulator.cluster.Pod;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The log a simulated pod has written by now: a start line, one training step per simulated second while
 * it runs, and an end line (the master's exit code when the job failed). Deterministic, so a test and a
 * follower see the same lines; it grows with time, so {@code logs --follow} has something to follow.
 * A job's env {@code SIM_LOG_LINES} (lines separated by a newline or a literal {@code \n}) is what
 * its training script prints when it ends, on the master (or the only pod): how a test or the release
 * example makes a job report outputs ({@code trainjob-output accuracy=0.91}, {@code eval accuracy: 0.91}).
 */
final class SimulatedPodLog {

    /** A long run stops logging steps here, as a real pod's log would be rotated. */
    static final int MAX_STEPS = 600;

    private SimulatedPodLog() {}

    static List<String> lines(JobView job, Pod.PodView pod, Instant now) {
        List<String> lines = new ArrayList<>();
        if (pod.nodeName().isEmpty() || job.startedAt() == null) {
            return lines;
        }
        lines.add("[sim] " + pod.name() + " (" + pod.role() + ") started on node " + pod.nodeName());
        lines.add("[sim] running: "
                + job.spec().path("jobSpec").path("command").asText("").strip());
        Instant end = job.finishedAt() != null ? job.finishedAt() : now;
        long steps = Math.min(
                MAX_STEPS, Math.max(0, Duration.between(job.startedAt(), end).toSeconds()));
        for (long i = 1; i <= steps; i++) {
            lines.add("[sim] step " + i + " loss " + String.format(java.util.Locale.ROOT, "%.4f", 2.0 / (i + 1)));
        }
        if (job.finishedAt() != null && printsResults(job, pod)) {
            lines.addAll(scriptLines(job));
        }
        if (job.state() == JobState.SUCCEEDED) {
            lines.add("[sim] training finished");
        } else if (job.state() == JobState.FAILED) {
            boolean failing =
                    "master".equalsIgnoreCase(pod.role()) || job.pods().size() == 1;
            lines.add(
                    failing
                            ? "[sim] error: training script exited with code " + job.exitCode()
                            : "[sim] stopped: the master failed");
        } else if (job.state() == JobState.STOPPING || job.state() == JobState.STOPPED) {
            lines.add("[sim] received SIGTERM, stopping");
        }
        return lines;
    }

    /** The pod a training script's results come from: the master, or the only pod. */
    private static boolean printsResults(JobView job, Pod.PodView pod) {
        boolean hasMaster = job.pods().stream().anyMatch(p -> "master".equalsIgnoreCase(p.role()));
        return hasMaster
                ? "master".equalsIgnoreCase(pod.role())
                : job.pods().get(0).name().equals(pod.name());
    }

    /**
     * {@code SIM_LOG_LINES} of the job's AIHC env, split into lines; none when unset. {@code $NAME} and
     * {@code ${NAME}} of the job's own env are expanded as the script's shell would ({@code echo
     * "trainjob-output/$TRAINJOB_OUTPUT_NONCE checkpoint=..."}; in a spec write {@code $${NAME}} or
     * {@code $NAME}, since trainjob substitutes {@code ${NAME}} itself); other names stay as written.
     */
    static List<String> scriptLines(JobView job) {
        Map<String, String> env =
                SimulatedRunKnobs.envs(job.spec().path("jobSpec").path("envs"), "name");
        String text = env.getOrDefault("SIM_LOG_LINES", "");
        if (text.isEmpty()) {
            return List.of();
        }
        Matcher m = VARIABLE.matcher(text.replace("\\n", "\n"));
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(1) != null ? m.group(1) : m.group(2);
            m.appendReplacement(out, Matcher.quoteReplacement(env.getOrDefault(name, m.group())));
        }
        m.appendTail(out);
        return List.of(out.toString().split("\n"));
    }

    private static final Pattern VARIABLE =
            Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}|\\$([A-Za-z_][A-Za-z0-9_]*)");
}
