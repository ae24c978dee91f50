package io.jenkins.plugins.trainingjob.bench.figures;

import static io.jenkins.plugins.trainingjob.bench.figures.BenchmarksDocument.ceilDiv;
import static io.jenkins.plugins.trainingjob.bench.figures.BenchmarksDocument.fmt;
import static io.jenkins.plugins.trainingjob.bench.figures.BenchmarksDocument.ms;
import static io.jenkins.plugins.trainingjob.bench.figures.BenchmarksDocument.secs;

import io.jenkins.plugins.trainingjob.bench.scale.ScaleResult;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import java.util.Locale;
import java.util.Optional;

/**
 * The prose under the tables: what each figure shows and, where a target is missed, why (from the
 * measured call times and counts of the same run) and what would close it.
 */
final class BenchmarksNotes {
    private BenchmarksNotes() {}

    static String text(BenchmarksDocument d) {
        StringBuilder md = new StringBuilder();
        threadsAndHeap(d, md);
        requests(d, md);
        latency(d, md);
        timeToReport(d, md);
        rendering(d, md);
        md.append("- **How it is measured.** The simulator runs in its own JVM on 127.0.0.1 (free port, "
                + "TCP_NODELAY: without it every answer of the JDK HTTP server waits ~40 ms for a delayed ACK, which "
                + "the first runs of this bench measured instead of the client). Jobs are "
                + "submitted through `AihcClient` from 8 threads (the simulator has no bulk create). Requests are "
                + "counted by a counting `TrainingPlatform` around the client (one call is one HTTP request: "
                + "loopback, no faults, no retries). Threads are the client JVM's peak live threads "
                + "(`ThreadMXBean`, JVM threads included); heap is `MemoryMXBean` used heap after `System.gc()` "
                + "with every watch active; CPU is the process CPU time (`OperatingSystemMXBean`).\n");
        md.append("- **JMH settings are short** (1 fork, few 1-second iterations) to fit every figure in 15 minutes "
                + "on 2 shared cores; treat the micro figures as good to about ±20%.\n");
        return md.toString();
    }

    private static void threadsAndHeap(BenchmarksDocument d, StringBuilder md) {
        for (ScaleResult m : d.side("monitor")) {
            Optional<ScaleResult> b = d.result("baseline", m.watches());
            if (m.watches() != maxN(d) || b.isEmpty()) {
                continue;
            }
            md.append(String.format(
                    Locale.ROOT,
                    "- **Threads and memory.** At %,d watches the monitor's client JVM "
                            + "peaks at %d live threads, of which %d exist before the first watch (JVM, GC, JIT); the monitor "
                            + "adds one scheduler thread, %s call threads and OkHttp's connection threads, whatever N. The "
                            + "baseline peaks at %,d threads (one per job) and %s MB of heap after GC against the monitor's %s "
                            + "MB; its CPU per round is %s x the monitor's, since every thread makes its own HTTP call, "
                            + "signature and JSON parse each round.%n",
                    m.watches(),
                    m.peakThreads(),
                    m.idleThreads(),
                    Integer.toString(io.jenkins.plugins.trainingjob.core.monitor.MonitorSettings.defaults()
                            .callThreads()),
                    b.get().peakThreads(),
                    fmt(b.get().heapAfterGcMb(), 1),
                    fmt(m.heapAfterGcMb(), 1),
                    fmt(b.get().cpuPerRound() / Math.max(1e-9, m.cpuPerRound()), 0)));
            if (b.get().requestsPerRound() < 0.95 * b.get().watches()) {
                md.append(String.format(
                        Locale.ROOT,
                        "  The baseline asked for %,d requests per %s round but got "
                                + "%s through (a status call took %s on average): the simulator (and, on a real platform, "
                                + "its rate limit) cannot serve them that fast, so every baseline thread's round stretches. "
                                + "It is also why the baseline's latency at this N is short: at any moment thousands of its "
                                + "requests are queued at the server, and those answered after the uncordon say "
                                + "\"running\".%n",
                        b.get().watches(),
                        secs(b.get().pollMs()),
                        fmt(b.get().requestsPerRound(), 0),
                        ms(b.get().meanStatusMs())));
            }
        }
    }

    private static void requests(BenchmarksDocument d, StringBuilder md) {
        boolean perJob = d.side("monitor").stream().anyMatch(m -> m.requestsToResolve() >= m.watches() / 2);
        md.append("- **Requests.** In the steady state the monitor reads only list pages; the baseline makes one "
                + "`GET job` per watch per round. ");
        md.append(
                perJob
                        ? "When the jobs start, the monitor makes one status call per job (\"requests to resolve\" is about "
                                + "N plus a few pages): AIHC's list carries no pods, and a watch asks for them once before it "
                                + "reports \"scheduled\". Those are the per-job calls a state change requires, allowed by the "
                                + "target.\n"
                        : "When the jobs start, the monitor resolves every watch from the list pages it reads anyway "
                                + "(\"requests to resolve\" counts pages only), with no per-job call; the baseline's "
                                + "threads each make their next `GET job`.\n");
        for (ScaleResult m : d.side("monitor")) {
            long bound = ceilDiv(m.watches(), m.pageSize());
            if (m.requestsPerRound() > bound) {
                md.append(String.format(
                        Locale.ROOT,
                        "  **Requests per round missed at %,d watches**: %s per %s "
                                + "interval against ceil(N / %d) = %d, %s x the bound. Why: a connection's refresh round "
                                + "starts when the first of its watches is due, and each watch's timer is jittered by "
                                + "±20%%, so the group polls every ~%s rather than every %s (a full round is %d pages). What "
                                + "would close it: drive a listed group from one timer per connection at the poll interval "
                                + "(jitter per connection, not per watch), or let a round refresh only watches whose "
                                + "interval has passed, un-jittered.%n",
                        m.watches(),
                        fmt(m.requestsPerRound(), 1),
                        secs(m.pollMs()),
                        m.pageSize(),
                        bound,
                        fmt(m.requestsPerRound() / bound, 2),
                        secs(m.pollMs() * bound / m.listPerRound()),
                        secs(m.pollMs()),
                        bound));
            }
            if (m.listPerRound() > 0 && m.listPerRound() < 0.8 * bound) {
                md.append(String.format(
                        Locale.ROOT,
                        "  At %,d watches the monitor made %s list calls per round in "
                                + "the steady state, fewer than the %d pages that show every job once, while one page took "
                                + "%s (the simulator computes each queued job's queue position by scanning every job, so a "
                                + "page of %d queued jobs costs O(N x page); pages of running jobs are fast). So not every "
                                + "watch was refreshed from the list every interval before the uncordon: this figure meets "
                                + "the request target but understates what keeping %,d pending jobs fresh every %s costs "
                                + "(%d pages, about %s of list calls per round at this page time). Not investigated further "
                                + "in this run; a longer steady window and a per-watch refresh count would tell.%n",
                        m.watches(),
                        fmt(m.listPerRound(), 1),
                        bound,
                        ms(m.meanListMs()),
                        m.pageSize(),
                        m.watches(),
                        secs(m.pollMs()),
                        bound,
                        secs(bound * m.meanListMs())));
            }
        }
    }

    private static void latency(BenchmarksDocument d, StringBuilder md) {
        md.append("- **Latency.** The monitor's watches of one connection resolve together, in the first list round "
                + "after the change, so its p50 and p99 are close and both fall anywhere between zero and one "
                + "interval, depending on where in the round the change lands (one sample per run). The "
                + "baseline's threads are spread over the interval, so its p50 is about half an interval and its "
                + "p99 about one.\n");
        for (ScaleResult m : d.side("monitor")) {
            double ratio = m.p99Ms() / m.pollMs();
            if (ratio <= BenchmarksDocument.LATENCY_TARGET) {
                continue;
            }
            double drain = m.watches() * m.meanStatusMs() / 4 / 1000.0;
            md.append(String.format(
                    Locale.ROOT,
                    "- **Detection latency missed at %,d watches** (p99 %s = %s x the "
                            + "poll interval, target %.1f x). Why: once a list page shows the jobs placed, every watch makes "
                            + "its one status call for the pods, and the %,d calls queue on the monitor's 4 call threads: "
                            + "%,d x %s / 4 = %s of calls, during which the list refresh waits behind them in the same queue. "
                            + "What would close it: for `wait: scheduled`, resolve from the list status when its phase is "
                            + "already scheduled and fetch the pods only where a report needs them (or only for the first "
                            + "few); or give resolution bursts their own bounded pool; or read pods in bulk where the "
                            + "platform allows it.%n",
                    m.watches(),
                    secs(m.p99Ms()),
                    fmt(ratio, 2),
                    BenchmarksDocument.LATENCY_TARGET,
                    m.watches(),
                    m.watches(),
                    ms(m.meanStatusMs()),
                    fmt(drain, 1) + " s"));
        }
    }

    private static void timeToReport(BenchmarksDocument d, StringBuilder md) {
        TimeToReportFigure.Result r = d.report();
        if (r == null) {
            return;
        }
        if (r.monitorMaxMs() < BenchmarksDocument.REPORT_TARGET_MS) {
            md.append(String.format(
                    Locale.ROOT,
                    "- **Time to report** is %s at the median with a platform that "
                            + "answers at once: analysis and rendering are a small part of it.%n",
                    ms(r.monitorP50Ms())));
            return;
        }
        md.append(String.format(
                Locale.ROOT,
                "- **Time to report missed** (median %s, max %s; target under 1 s; "
                        + "the baseline script gets its raw JSON in %s). Why: at the pending deadline the watch polls the "
                        + "status, launches the diagnosis, and then waits one full poll interval (%s, ±20%% jitter) before "
                        + "its first fetch, even when the diagnosis is ready at once; analysis and rendering take "
                        + "milliseconds (figure 3). What would close it: fetch right after the launch, then back off from a "
                        + "short diagnosis-specific delay (say 1 s doubling to the poll interval) instead of the poll "
                        + "interval; the overhead would then be about three round trips plus analysis and rendering.%n",
                ms(r.monitorP50Ms()),
                ms(r.monitorMaxMs()),
                ms(r.baselineP50Ms()),
                secs(r.pollMs())));
    }

    private static void rendering(BenchmarksDocument d, StringBuilder md) {
        Optional<MicroFigures.Score> text = d.render(100_000, ReportFormat.TEXT);
        Optional<MicroFigures.TextSize> size =
                d.textSizes().stream().filter(s -> s.findings() == 100_000).findFirst();
        if (text.isEmpty() || size.isEmpty()) {
            return;
        }
        boolean fast;
        boolean short100 = size.get().lines() <= BenchmarksDocument.LINES_TARGET;
        double total = d.analysisPlusText(100_000);
        fast = total < BenchmarksDocument.RENDER_TARGET_MS;
        md.append(String.format(
                Locale.ROOT,
                "- **Rendering.** 100,000 findings over %,d nodes become a text "
                        + "report in %s: %s of analysis (normalising, folding node names into ranges, verdict, hints) and "
                        + "%s of rendering the folded report, %d lines (widest %d columns). The report is bounded (ranges "
                        + "and reasons are capped), so rendering cost and size barely grow with findings; analysis grows "
                        + "about linearly.%s%s%n",
                size.get().nodes(),
                ms(total),
                ms(total - text.get().score()),
                ms(text.get().score()),
                size.get().lines(),
                size.get().maxColumns(),
                fast ? "" : " **Missed the 200 ms target** by " + ms(total - 200) + ".",
                short100
                        ? ""
                        : " **Missed the 100-line target** by " + (size.get().lines() - 100) + " lines."));
    }

    private static int maxN(BenchmarksDocument d) {
        return d.scale().stream().mapToInt(ScaleResult::watches).max().orElse(0);
    }
}
