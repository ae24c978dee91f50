package io.jenkins.plugins.trainingjob.simulator.scenario;

/** A SenseCore worker spec: devices per worker under {@code resourceKey}, vCPU and memory (GiB). */
public record SpecDecl(
        String name, int deviceNumber, String resourceKey, String deviceType, double cpu, double memoryGib) {}
