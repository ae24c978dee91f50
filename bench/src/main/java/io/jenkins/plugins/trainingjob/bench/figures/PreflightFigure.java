package io.jenkins.plugins.trainingjob.bench.figures;

import static io.jenkins.plugins.trainingjob.bench.figures.FigureTable.ms;
import static io.jenkins.plugins.trainingjob.bench.figures.FigureTable.row;

import io.jenkins.plugins.trainingjob.bench.doc.MarkedSection;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.JobDemand;
import io.jenkins.plugins.trainingjob.core.diagnosis.PreflightCheck;
import io.jenkins.plugins.trainingjob.core.flow.Preflight;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorSettings;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.monitor.Watch;
import io.jenkins.plugins.trainingjob.core.monitor.WatchListener;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.platform.connect.TrainingPlatforms;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Figure 5, pre-flight. (a) Time to a verdict for a job that can never fit (9 GPUs per pod on 8-GPU nodes,
 * the seed scenario at its realistic timing: 10 min pending timeout, AIHC's 5 min pre-check, 10 s
 * diagnosis latency): the pre-flight check before the create call, against today's path (submit, wait
 * for the pending timeout, diagnose). Today's path runs on a simulator clock {@value #SPEED} times faster,
 * with the watch's timeout and polls divided by the same factor, and its elapsed time is multiplied back:
 * the figure is in platform time. (b) Pre-flight on a pool of {@value #BIG_POOL} nodes: the inventory read in
 * pages of 500, the check alone, and the heap the inventory holds.
 */
public final class PreflightFigure {

    static final int SPEED = 60;
    static final int BIG_POOL = 5_000;
    private static final String NEVER_FITS_JOB = "platform: aihc\nname: never-fits\nqueue: default\n"
            + "jobFramework: PyTorchJob\njobSpec:\n  image: registry.example/train:1\n  command: python train.py\n"
            + "  replicas: 1\n  resources:\n    - {name: nvidia.com/gpu, quantity: 9}\n";

    /** All times in milliseconds; memory in bytes. */
    public record Result(
            double preflightMs,
            double todayPlatformMs,
            double todayRealMs,
            String preflightVerdict,
            String todayVerdict,
            int poolNodes,
            double readMs,
            double checkMs,
            long inventoryBytes,
            String bigVerdict) {

        public double speedup() {
            return todayPlatformMs / preflightMs;
        }
    }

    public Result run() throws Exception {
        JobSpec job = JobSpecLoader.load(NEVER_FITS_JOB, "never-fits.yaml", Map.of());
        double preflightMs;
        String preflightVerdict;
        double todayRealMs;
        String todayVerdict;
        try (Simulator sim =
                        Simulator.start(Scenario.bundled("seed-taint-and-gpu").withSpeed(SPEED));
                TrainingPlatform platform = connect(sim, "cce-sim00001")) {
            Preflight.check(platform, job); // warm-up: class loading and the connection, as a CLI's first call pays
            sim.reset();
            try (TrainingPlatform fresh = connect(sim, "cce-sim00001")) {
                long t0 = System.nanoTime();
                DiagnosisReport r = Preflight.check(fresh, job);
                preflightMs = (System.nanoTime() - t0) / 1e6;
                preflightVerdict = r.verdict().name();
            }
            Duration timeout = Duration.ofMinutes(10).dividedBy(SPEED);
            Duration poll = Duration.ofSeconds(30).dividedBy(SPEED);
            WatchPolicy policy = WatchPolicy.defaults(WaitTarget.SCHEDULED)
                    .withPolling(poll, poll)
                    .withPendingTimeout(timeout)
                    .withDiagnosisTimeout(Duration.ofMinutes(10).dividedBy(SPEED));
            try (JobMonitor monitor = new JobMonitor(id -> platform, TimeSource.system(), MonitorSettings.defaults())) {
                long t0 = System.nanoTime();
                JobRef ref = platform.submit(job, "bench-never-fits");
                Watch watch = monitor.watch("bench", ref, policy, WatchListener.NONE);
                Outcome o = watch.outcome().get(2, TimeUnit.MINUTES);
                todayRealMs = (System.nanoTime() - t0) / 1e6;
                todayVerdict = o instanceof Outcome.Unschedulable u
                        ? u.report().verdict().name()
                        : o.getClass().getSimpleName();
            }
        }
        return big(preflightMs, todayRealMs, preflightVerdict, todayVerdict);
    }

    private Result big(double preflightMs, double todayRealMs, String preflightVerdict, String todayVerdict)
            throws Exception {
        try (Simulator sim =
                        Simulator.start(Scenario.parse(bigPool(), "big-pool").withSpeed(0));
                TrainingPlatform platform = connect(sim, "cce-big")) {
            JobSpec job = JobSpecLoader.load(NEVER_FITS_JOB, "never-fits.yaml", Map.of());
            platform.inventory("default"); // warm-up, then a fresh client so nothing is cached
            double readMs;
            double checkMs = Double.MAX_VALUE;
            long bytes;
            String verdict = "";
            try (TrainingPlatform fresh = connect(sim, "cce-big")) {
                long before = usedAfterGc();
                long t0 = System.nanoTime();
                PoolInventory inv = fresh.inventory("default");
                readMs = (System.nanoTime() - t0) / 1e6;
                bytes = usedAfterGc() - before;
                JobDemand demand = JobDemand.of(job, "default");
                for (int i = 0; i < 5; i++) {
                    long c0 = System.nanoTime();
                    DiagnosisReport r = PreflightCheck.check(demand, inv);
                    checkMs = Math.min(checkMs, (System.nanoTime() - c0) / 1e6);
                    verdict = r.verdict().name();
                }
                if (inv.nodes().size() != BIG_POOL) {
                    throw new IllegalStateException("read " + inv.nodes().size() + " nodes, expected " + BIG_POOL);
                }
            }
            return new Result(
                    preflightMs,
                    todayRealMs * SPEED,
                    todayRealMs,
                    preflightVerdict,
                    todayVerdict,
                    BIG_POOL,
                    readMs,
                    checkMs,
                    Math.max(0, bytes),
                    verdict);
        }
    }

    private static long usedAfterGc() throws InterruptedException {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
        }
        return rt.totalMemory() - rt.freeMemory();
    }

    private static TrainingPlatform connect(Simulator sim, String pool) {
        return TrainingPlatforms.connect(ConnectionSettings.aihc(
                sim.baseUrl(), null, Credentials.of("sim-access-key", "sim-secret-key"), pool, "default"));
    }

    /** 5,000 nodes in one queue: 8 GPUs each, every tenth cordoned, every seventh tainted, some in use. */
    static String bigPool() {
        StringBuilder b = new StringBuilder("name: big-pool\ncredentials: [{accessKey: sim-access-key, "
                + "secretKey: sim-secret-key}]\ntiming: {fast: true}\nnodes:\n");
        for (int i = 1; i <= BIG_POOL; i++) {
            b.append(String.format(Locale.ROOT, "  - name: gpu-%05d%n", i))
                    .append("    allocatable: {cpu: 96, memory: 1024Gi, nvidia.com/gpu: 8}\n");
            if (i % 3 == 0) {
                b.append("    occupied: {nvidia.com/gpu: ").append(i % 9).append("}\n");
            }
            if (i % 10 == 0) {
                b.append("    unschedulable: true\n");
            } else if (i % 7 == 0) {
                b.append("    taints: [{key: dedicated, value: infra, effect: NoSchedule}]\n");
            }
        }
        b.append("aihc:\n  resourcePools:\n    - id: cce-big\n      queues:\n        - {name: default}\n");
        return b.toString();
    }

    /** The section of docs/benchmarks.md, with its targets. */
    public static String markdown(Result r) {
        String f = "## Figure 5: pre-flight\n\n"
                + "(a) A job that can never fit (9 nvidia.com/gpu per pod; the largest node has 8), on the seed scenario at "
                + "its realistic timing (10 min pending timeout, AIHC's 5 min diagnosis pre-check, 10 s diagnosis "
                + "latency). Pre-flight: `Preflight.check` before the create call (inventory read + check, fresh "
                + "client). Today's path: submit, watch, diagnosis at the pending timeout, analysed report; it runs on "
                + "a simulator clock " + SPEED + " x faster with the watch's timeout and polls divided by " + SPEED
                + ", and its elapsed time is multiplied back (platform time). (b) Pre-flight on a pool of "
                + String.format(Locale.ROOT, "%,d", r.poolNodes()) + " nodes served by the in-process simulator: the "
                + "inventory read in pages of 500, the check alone (best of 5), and the heap the inventory holds "
                + "(used heap after GC, with and without it). Today's path polls every 30 s (platform time). "
                + FigureTable.measured()
                + "; run alone with `./mvnw -B -Pbench -pl bench -am verify -DskipTests -Dbench.args=preflight`.\n\n"
                + FigureTable.HEADER
                + row(
                        "never-fits job: time to verdict, pre-flight (" + r.preflightVerdict() + ")",
                        ms(r.preflightMs()),
                        "< 2 s",
                        r.preflightMs() < 2000)
                + row(
                        "never-fits job: time to verdict, today's path (" + r.todayVerdict() + ")",
                        String.format(Locale.ROOT, "%.1f s", r.todayPlatformMs() / 1000),
                        "",
                        true)
                + row("speed-up", String.format(Locale.ROOT, "%,.0f x", r.speedup()), ">= 300 x", r.speedup() >= 300)
                + row(
                        String.format(
                                Locale.ROOT,
                                "%,d-node pool: inventory read (%d pages)",
                                r.poolNodes(),
                                (r.poolNodes() + 499) / 500),
                        ms(r.readMs()),
                        "",
                        true)
                + row(
                        String.format(Locale.ROOT, "%,d-node pool: check (%s)", r.poolNodes(), r.bigVerdict()),
                        ms(r.checkMs()),
                        "< 200 ms",
                        r.checkMs() < 200)
                + row(
                        String.format(Locale.ROOT, "%,d-node pool: inventory in memory", r.poolNodes()),
                        String.format(Locale.ROOT, "%.1f MB", r.inventoryBytes() / 1e6),
                        "< 64 MB",
                        r.inventoryBytes() < 64_000_000L);
        return f;
    }

    static final String BEGIN = "<!-- figure 5: pre-flight (BenchMain --mode preflight rewrites this section) -->";
    static final String END = "<!-- end of figure 5 -->";

    /** {@code document} with the figure's section replaced, or appended when it has none. */
    public static String splice(String document, Result r) {
        return MarkedSection.splice(document, BEGIN, END, markdown(r));
    }
}
