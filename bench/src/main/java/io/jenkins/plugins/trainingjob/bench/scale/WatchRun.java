package io.jenkins.plugins.trainingjob.bench.scale;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorSettings;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.connect.TrainingPlatforms;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.CountingPlatform;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The client process of one scale run (figure 1): waits on N already-submitted jobs, one way or the other,
 * and measures itself. {@code WatchRun <endpoint> <ids-file> <monitor|monitor-eta|baseline> <poll-ms> <page-size>
 * <steady-rounds>}. Prints one line {@code RESULT <json>} and exits.
 *
 * <p>Timeline: start every watch; one round of warm-up; {@code steady-rounds} rounds counting requests
 * and CPU; a full GC to read the heap; the history reads so far counted; uncordon the node (the simulator places every job before it
 * answers: that answer is time zero); wait until every watch resolved (at most 40 rounds).
 */
public final class WatchRun {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double MB = 1024.0 * 1024.0;

    private WatchRun() {}

    public static void main(String[] args) throws Exception {
        URI endpoint = URI.create(args[0]);
        List<JobRef> jobs = Files.readAllLines(Path.of(args[1])).stream()
                .filter(l -> !l.isBlank())
                .map(id -> new JobRef(PlatformKind.AIHC, id, id))
                .toList();
        String mode = args[2];
        Duration poll = Duration.ofMillis(Long.parseLong(args[3]));
        int pageSize = Integer.parseInt(args[4]);
        int steadyRounds = Integer.parseInt(args[5]);

        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        SimulatorAdmin admin = new SimulatorAdmin(endpoint);

        HistoryTally history = new HistoryTally(TrainingPlatforms.connect(ConnectionSettings.aihc(
                endpoint, null, Credentials.of("sim-access-key", "sim-secret-key"), "cce-bench", "default")));
        CountingPlatform platform = new CountingPlatform(history);
        Duration maxWait = poll.multipliedBy(steadyRounds + 45L);
        // monitor-eta: the monitor's watches estimate their job's start each round (figure 1's history reads)
        boolean estimate = mode.equals(ScaleFigure.MONITOR_ESTIMATING);
        Watchers watchers = mode.equals("monitor") || estimate
                ? new MonitorWatchers(
                        platform,
                        MonitorSettings.defaults().withListing(3, pageSize, Math.max(10, jobs.size() / pageSize + 5)),
                        poll,
                        estimate)
                : new ThreadPerJobWatchers(platform, poll, maxWait);

        System.gc();
        double idleHeap = memory.getHeapMemoryUsage().getUsed() / MB;
        int idleThreads = threads.getThreadCount();
        threads.resetPeakThreadCount();
        long cpuStart = os.getProcessCpuTime();
        long wallStart = System.nanoTime();

        watchers.start(jobs);
        Thread.sleep(poll.toMillis());
        long requestsA = platform.total();
        long listA = platform.listCalls.get();
        long cpuA = os.getProcessCpuTime();
        Thread.sleep(poll.toMillis() * steadyRounds);
        long requestsB = platform.total();
        long listB = platform.listCalls.get();
        long cpuB = os.getProcessCpuTime();
        System.gc();
        double heap = memory.getHeapMemoryUsage().getUsed() / MB;

        // History reads are counted over the whole wait before the uncordon (warm-up included), not the
        // steady rounds alone: one read serves 30 s (MonitorRuntime.HISTORY_ROUND), longer than a few rounds.
        int historyReads = history.reads.get();
        int historyPages = history.pages.get();
        double watchedRounds = (System.nanoTime() - wallStart) / 1e6 / poll.toMillis();
        int estimated = watchers.estimated();

        admin.uncordon();
        long zero = System.nanoTime();
        long requestsAtZero = platform.total();
        long statusCallsAtZero = platform.statusCalls.get();
        long statusNanosAtZero = platform.statusNanos.sum();
        boolean all = watchers.awaitAll(poll.multipliedBy(40));
        long requestsEnd = platform.total();
        long cpuEnd = os.getProcessCpuTime();
        long wallEnd = System.nanoTime();
        int peakThreads = threads.getPeakThreadCount();

        long[] at = watchers.resolvedAtNanos();
        System.out.printf(
                "mean call time: status %.1f ms, list page %.1f ms%n",
                platform.statusNanos.sum() / 1e6 / Math.max(1, platform.statusCalls.get()),
                platform.listNanos.sum() / 1e6 / Math.max(1, platform.listCalls.get()));
        long statusAfter = platform.statusCalls.get() - statusCallsAtZero;
        System.out.printf(
                "status calls after time zero: %d, mean %.1f ms; list calls at (s from time zero): %s%n",
                statusAfter,
                statusAfter == 0 ? 0.0 : (platform.statusNanos.sum() - statusNanosAtZero) / 1e6 / statusAfter,
                platform.listStarts.stream()
                        .map(t -> String.format("%.1f", (t - zero) / 1e9))
                        .filter(x -> !x.startsWith("-"))
                        .toList());
        int[] histogram = new int[12];
        for (long t : at) {
            histogram[(int) Math.min(11, Math.max(0, (t - zero) / 1_000_000_000L / 2))]++;
        }
        System.out.println("resolved per 2 s after time zero: " + java.util.Arrays.toString(histogram));
        double[] latencies = new double[at.length];
        for (int i = 0; i < at.length; i++) {
            latencies[i] = Math.max(0, at[i] - zero) / 1e6;
        }
        ScaleResult r = new ScaleResult(
                mode,
                jobs.size(),
                poll.toMillis(),
                pageSize,
                peakThreads,
                idleThreads,
                heap,
                idleHeap,
                (cpuB - cpuA) / 1e9 / steadyRounds,
                (cpuEnd - cpuStart) / 1e9,
                (requestsB - requestsA) / (double) steadyRounds,
                (listB - listA) / (double) steadyRounds,
                requestsEnd - requestsAtZero,
                requestsEnd,
                at.length,
                watchers.failures() + (all ? 0 : jobs.size() - at.length - watchers.failures()),
                Percentiles.of(latencies, 50),
                Percentiles.of(latencies, 99),
                latencies.length == 0 ? Double.NaN : Percentiles.of(latencies, 100),
                (wallEnd - wallStart) / 1e9,
                platform.statusNanos.sum() / 1e6 / Math.max(1, platform.statusCalls.get()),
                platform.listNanos.sum() / 1e6 / Math.max(1, platform.listCalls.get()),
                watchedRounds,
                historyReads,
                historyPages,
                listB,
                estimated);
        System.out.println("RESULT " + JSON.writeValueAsString(r));
        System.out.flush();
        watchers.close();
        platform.close();
        System.exit(0);
    }
}
