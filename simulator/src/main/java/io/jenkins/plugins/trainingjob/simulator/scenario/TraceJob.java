package io.jenkins.plugins.trainingjob.simulator.scenario;

/**
 * One job of a workload's trace, in the trace's own time (before the workload's {@code speed} compresses it).
 *
 * @param at when it arrives, in seconds from "now" (the moment the simulator starts or resets): negative for
 *     the history (it arrived, waited, ran and maybe finished before now), positive for the live arrivals
 * @param pods how many pods it runs (a gang: all start together or none does)
 * @param gpusPerPod GPUs each pod asks for
 * @param runSeconds how long it runs once started
 * @param queue the AIHC queue it is submitted to; empty or {@code null}: the workload's queue
 */
public record TraceJob(long at, int pods, int gpusPerPod, long runSeconds, String queue) {
    public TraceJob {
        if (pods < 1) {
            throw new IllegalArgumentException("pods must be at least 1, was " + pods);
        }
        if (gpusPerPod < 1) {
            throw new IllegalArgumentException("gpusPerPod must be at least 1, was " + gpusPerPod);
        }
        if (runSeconds < 1) {
            throw new IllegalArgumentException("runSeconds must be at least 1, was " + runSeconds);
        }
        queue = queue == null ? "" : queue.strip();
    }

    public int gpus() {
        return pods * gpusPerPod;
    }
}
