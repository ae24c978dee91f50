package io.jenkins.plugins.trainingjob.bench.figures;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** What the figures were measured on. */
public record Machine(int cores, double memoryGib, String cpu, String jdk, String os) {

    public static Machine current() {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        String cpu = "unknown CPU";
        try {
            cpu = Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst()
                    .orElse(cpu);
        } catch (IOException | RuntimeException e) {
            // not Linux: keep "unknown CPU"
        }
        return new Machine(
                Runtime.getRuntime().availableProcessors(),
                os.getTotalMemorySize() / (1024.0 * 1024 * 1024),
                cpu,
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"));
    }

    public String describe() {
        return String.format(Locale.ROOT, "%d cores (%s), %.1f GiB memory, %s, %s", cores, cpu, memoryGib, jdk, os);
    }
}
