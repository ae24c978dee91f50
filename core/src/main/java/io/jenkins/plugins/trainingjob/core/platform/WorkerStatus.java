package io.jenkins.plugins.trainingjob.core.platform;

/**
 * One pod (AIHC) or worker (SenseCore) of a job. {@code nodeName} is empty while the pod is unplaced.
 * All strings are remote data: callers escape or strip them before display.
 */
public record WorkerStatus(String name, String nodeName, String phase, String reason) {
    public WorkerStatus {
        name = name == null ? "" : name;
        nodeName = nodeName == null ? "" : nodeName;
        phase = phase == null ? "" : phase;
        reason = reason == null ? "" : reason;
    }

    public boolean isPlaced() {
        return !nodeName.isEmpty();
    }
}
