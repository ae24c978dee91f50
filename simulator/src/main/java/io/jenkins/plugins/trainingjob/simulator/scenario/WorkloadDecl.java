package io.jenkins.plugins.trainingjob.simulator.scenario;

import java.util.List;

/**
 * A workload: a trace of jobs replayed into the cluster model, time-compressed, with a history before "now"
 * (jobs that arrived, waited, ran and finished or still run, their times in the past) and live arrivals
 * after it. What the platforms' job lists show of it is what a queue's history reader reads.
 *
 * @param trace a CSV file ({@link WorkloadTrace}'s columns): for a bundled scenario a resource beside it,
 *     else a path relative to the scenario file; or {@code null} when {@code jobs} lists the trace inline
 * @param jobs the trace inline (or, once loaded, the file's jobs)
 * @param pool the AIHC resource pool the jobs go to
 * @param queue the queue of that pool for jobs whose trace names none; default {@code default}
 * @param speed trace seconds per simulated second (60: a trace hour passes in a simulated minute); default 1
 * @param history how many trace seconds before now are replayed (older arrivals are left out, which gives a
 *     thin history); {@code null}: the whole trace
 * @param namePrefix the jobs' names are this plus their line number in the trace; default {@code workload-}
 */
public record WorkloadDecl(
        String trace, List<TraceJob> jobs, String pool, String queue, Double speed, Long history, String namePrefix) {
    public WorkloadDecl {
        jobs = jobs == null ? List.of() : List.copyOf(jobs);
        queue = queue == null || queue.isBlank() ? "default" : queue;
        speed = speed == null ? 1.0 : speed;
        namePrefix = namePrefix == null || namePrefix.isBlank() ? "workload-" : namePrefix;
        if (!(speed > 0) || Double.isInfinite(speed)) {
            throw new IllegalArgumentException("workload.speed must be more than 0, was " + speed);
        }
        if (history != null && history < 0) {
            throw new IllegalArgumentException("workload.history must be 0 or more seconds, was " + history);
        }
    }

    /** This workload with its trace's jobs (read from the {@code trace} file). */
    public WorkloadDecl withJobs(List<TraceJob> loaded) {
        return new WorkloadDecl(trace, loaded, pool, queue, speed, history, namePrefix);
    }

    /** The jobs that are replayed: those that arrive no earlier than {@code history} before now. */
    public List<TraceJob> replayed() {
        return history == null
                ? jobs
                : jobs.stream().filter(j -> j.at() >= -history).toList();
    }

    /** How long before now the replay starts, in simulated seconds: the earliest replayed arrival, compressed. */
    public long historySimulatedSeconds() {
        long earliest = 0;
        for (TraceJob j : replayed()) {
            earliest = Math.min(earliest, j.at());
        }
        return (long) Math.ceil(-earliest / speed);
    }

    /** A trace moment (seconds from now) as simulated seconds from the replay's start. */
    public long simulatedOffset(long traceAt) {
        return historySimulatedSeconds() + Math.round(traceAt / speed);
    }

    /** A trace duration in simulated seconds; at least 1. */
    public long simulatedSeconds(long traceSeconds) {
        return Math.max(1, Math.round(traceSeconds / speed));
    }
}
