package io.jenkins.plugins.trainingjob.bench.figures;

import static io.jenkins.plugins.trainingjob.bench.figures.FigureTable.ms;
import static io.jenkins.plugins.trainingjob.bench.figures.FigureTable.row;

import io.jenkins.plugins.trainingjob.bench.doc.MarkedSection;
import io.jenkins.plugins.trainingjob.core.diagnosis.JobDemand;
import io.jenkins.plugins.trainingjob.core.diagnosis.SinceLastStart;
import io.jenkins.plugins.trainingjob.core.platform.AihcPoolEvidence;
import io.jenkins.plugins.trainingjob.core.platform.InventoryNode;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.NodeIntervention;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.platform.QueueCapacity;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.snapshot.SnapshotCapture;
import io.jenkins.plugins.trainingjob.core.snapshot.SnapshotDiff;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshotJson;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Figure 8, start snapshots ("Since it last started"): on a queue of {@value #POOL_NODES} nodes, the time to
 * write a job's start snapshot (taken from an inventory in hand, written as JSON to a file, as the CLI's
 * {@code --snapshot-file} and a Jenkins build will), the time to compare it with today's evidence (the file
 * read back and compared with a snapshot of the pending job), and the file's size. The inventories are built
 * in memory as the AIHC reader returns them (node names of {@value #NAME_LENGTH} characters), so the figure
 * measures the snapshot, not the network.
 */
public final class SnapshotFigure {

    static final int POOL_NODES = 5_000;
    static final int NAME_LENGTH = 22;
    static final int WARMUP = 20;
    static final int RUNS = 30;
    static final double TARGET_MS = 50;
    static final long TARGET_BYTES = 512 * 1024;

    private static final Instant STARTED = Instant.parse("2026-12-03T22:10:00Z");
    private static final Instant TODAY = Instant.parse("2026-12-04T22:25:00Z");
    private static final int PODS = 64;

    /**
     * All times in milliseconds, over {@link #RUNS} runs after {@link #WARMUP}.
     *
     * @param headline the comparison's headline, to show it found the change made between the two snapshots
     */
    public record Result(
            int nodes,
            double writeP50,
            double writeMax,
            double compareP50,
            double compareMax,
            long bytes,
            String headline) {}

    public Result run() throws Exception {
        return run(POOL_NODES);
    }

    Result run(int nodes) throws Exception {
        JobDemand demand = new JobDemand(
                PlatformKind.AIHC, "nightly-train", "train", PODS, Map.of("nvidia.com/gpu", 8.0), List.of(), "");
        PoolInventory then = inventory(nodes, false);
        PoolInventory today = inventory(nodes, true);
        JobStatus started = started(nodes);
        JobStatus pending = new JobStatus(
                new JobRef(PlatformKind.AIHC, "pytorchjob-42", "nightly-train"),
                JobPhase.PENDING,
                "Queueing",
                TODAY.minusSeconds(600),
                null,
                null,
                3,
                "",
                List.of(),
                null,
                PODS * 8);
        StartSnapshot now = SnapshotCapture.of(demand, "cce-big", pending, today, List.of(), List.of(), TODAY);
        Path file = Files.createTempFile("bench-snapshot-", ".json");
        try {
            double[] write = new double[RUNS];
            double[] compare = new double[RUNS];
            String headline = "";
            for (int i = -WARMUP; i < RUNS; i++) {
                long t0 = System.nanoTime();
                StartSnapshot baseline = SnapshotCapture.of(
                                demand, "cce-big", started, then, List.of(), List.of(), STARTED)
                        .withLabel("build #41");
                StartSnapshotJson.write(file, baseline);
                long t1 = System.nanoTime();
                SinceLastStart since = SnapshotDiff.compare(StartSnapshotJson.read(file), now);
                long t2 = System.nanoTime();
                if (i >= 0) {
                    write[i] = (t1 - t0) / 1e6;
                    compare[i] = (t2 - t1) / 1e6;
                }
                headline = since.headline();
            }
            Arrays.sort(write);
            Arrays.sort(compare);
            return new Result(
                    nodes,
                    write[RUNS / 2],
                    write[RUNS - 1],
                    compare[RUNS / 2],
                    compare[RUNS - 1],
                    Files.size(file),
                    headline);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** The job's 64 pods, one per node on the last 64 nodes. */
    private static JobStatus started(int nodes) {
        List<WorkerStatus> pods = new ArrayList<>();
        for (int i = nodes - PODS + 1; i <= nodes; i++) {
            pods.add(new WorkerStatus("nightly-train-worker-" + pods.size(), name(i), "Running", ""));
        }
        return new JobStatus(
                new JobRef(PlatformKind.AIHC, "pytorchjob-41", "nightly-train"),
                JobPhase.RUNNING,
                "Running",
                STARTED.minus(Duration.ofMinutes(3)),
                STARTED,
                null,
                null,
                "",
                pods,
                null,
                PODS * 8);
    }

    /**
     * The queue's nodes: 8 GPUs each, every tenth cordoned and every seventh tainted, others' work on every
     * node but the last 64, which the job's pods held (so no other node holds a pod of 8). Today, those 64
     * nodes are cordoned and every fiftieth node carries more of others' work.
     */
    private static PoolInventory inventory(int nodes, boolean today) {
        List<InventoryNode> list = new ArrayList<>(nodes);
        for (int i = 1; i <= nodes; i++) {
            boolean jobNode = i > nodes - PODS;
            long allocated = jobNode ? (today ? 0 : 8) : 1 + i % 8;
            if (today && i % 50 == 1) {
                allocated = 8;
            }
            NodeIntervention intervention = i % 10 == 0
                    ? NodeIntervention.CORDONED
                    : i % 7 == 0 ? NodeIntervention.TAINTED : NodeIntervention.NONE;
            if (jobNode) {
                intervention = today ? NodeIntervention.CORDONED : NodeIntervention.NONE;
            }
            list.add(new InventoryNode(
                    name(i), "nvidia.com/gpu", 8, Math.min(8, allocated), 96, 0, 1024, 0, "Ready", intervention));
        }
        QueueCapacity queue = new QueueCapacity(
                "train",
                "Physical",
                "Open",
                true,
                Map.of("nvidia.com/gpu", Long.toString(8L * nodes)),
                Map.of(),
                Map.of(),
                Map.of("nvidia.com/gpu", today ? "0" : Long.toString(PODS * 8L)),
                List.of());
        return new PoolInventory(
                "cce-big", "train", List.of(), list, true, queue, new AihcPoolEvidence(), today ? TODAY : STARTED);
    }

    static String name(int i) {
        return String.format(Locale.ROOT, "cce-k8s-gpu-node-%05d", i);
    }

    /** A timed step's row: its median against the target, its slowest in the label. */
    private static String timedRow(Result r, String step, double p50, double max) {
        return row(
                String.format(Locale.ROOT, "%,d-node queue: %s (median; slowest %s)", r.nodes(), step, ms(max)),
                ms(p50),
                "< 50 ms",
                p50 < TARGET_MS);
    }

    /** The section of docs/benchmarks.md, with its targets. */
    public static String markdown(Result r) {
        return "## Figure 8: start snapshots (\"Since it last started\")\n\n"
                + String.format(
                        Locale.ROOT,
                        "A queue of %,d nodes (names of %d characters, 8 GPUs each) and a job of %d pods x 8 GPUs. "
                                + "**Write**: the start snapshot taken from the inventory in hand "
                                + "(`SnapshotCapture.of`) and written to a file (`StartSnapshotJson.write`), as a "
                                + "front end keeps it. **Compare**: the file read back "
                                + "(`StartSnapshotJson.read`) and compared with today's snapshot of the pending job "
                                + "(`SnapshotDiff.compare`), in which the %d nodes the job used are cordoned. Median "
                                + "and slowest of %d runs after %d warm-up runs, in one JVM. ",
                        r.nodes(),
                        NAME_LENGTH,
                        PODS,
                        PODS,
                        RUNS,
                        WARMUP)
                + FigureTable.measured()
                + "; run alone with `./mvnw -B -Pbench -pl bench -am verify -DskipTests -Dbench.args=snapshot`. "
                + "The comparison's headline: \"" + r.headline() + "\".\n\n"
                + FigureTable.HEADER
                + timedRow(r, "write a start snapshot", r.writeP50(), r.writeMax())
                + timedRow(r, "read and compare", r.compareP50(), r.compareMax())
                + row(
                        String.format(Locale.ROOT, "%,d-node queue: snapshot file", r.nodes()),
                        String.format(Locale.ROOT, "%,.0f KB", r.bytes() / 1024.0),
                        "< 512 KB",
                        r.bytes() < TARGET_BYTES);
    }

    static final String BEGIN = "<!-- figure 8: start snapshots (BenchMain --mode snapshot) -->";
    static final String END = "<!-- end of figure 8 -->";

    /** {@code document} with the figure's section replaced, or appended when it has none. */
    public static String splice(String document, Result r) {
        return MarkedSection.splice(document, BEGIN, END, markdown(r));
    }
}
