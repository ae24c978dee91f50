package io.jenkins.plugins.trainingjob.bench.scale;

import io.jenkins.plugins.trainingjob.bench.doc.MarkedSection;
import java.util.List;
import java.util.Locale;

/**
 * Figure 1's history reads: N watches of one queue through the real monitor, each estimating its job's start
 * every round, and how often the queue's history was read for all of them. Watched longer than figure 1's
 * steady state, since one history read serves 30 s ({@code MonitorRuntime.HISTORY_ROUND}) and a shorter run
 * would show the first read alone.
 */
public final class HistoryReadsFigure {
    public static final String BEGIN =
            "<!-- figure 1, history reads (BenchMain --mode history:N rewrites this section) -->";
    public static final String END = "<!-- end of figure 1, history reads -->";

    /** Steady rounds of a history run: 12 rounds of 5 s after the warm-up, so the 30-s cache expires twice. */
    public static final int STEADY_ROUNDS = 12;

    private HistoryReadsFigure() {}

    public static String markdown(List<ScaleResult> runs, String date, String command) {
        StringBuilder md = new StringBuilder("## Figure 1, history reads: estimating watches of one queue\n\n");
        md.append("Every watch estimates its job's start each round (a `WaitBudget` that estimates, no")
                .append(" `maxWait`, so none ends early), as a watch with `--max-wait` does. All N jobs wait in one")
                .append(" queue of the simulator (cordoned, as in figure 1); the counts run from the first watch to")
                .append(" the uncordon. A history read is one paging of the queue's job list by `HistoryReader`")
                .append(" (counted by the caller: the same list endpoint serves the status refresh); it pages")
                .append(" 100 jobs at a time through every job still waiting, so at N waiting jobs one read is")
                .append(" about N / 100 pages. One read serves every watch of the queue for 30 s")
                .append(" (`MonitorRuntime.HISTORY_ROUND`), about 6 rounds at this poll interval.\n\n");
        md.append("What this does not measure: the bench's queue holds no finished job, so every estimate is")
                .append(" \"no basis\" (the estimator's cheap path); the CPU of an ETA from a real history is figure")
                .append(" 6's (one ETA from 10,000 history jobs). What it shows besides the count: the latency")
                .append(" from the uncordon, as in figure 1. A watch arms its next round when its estimate returns,")
                .append(" and the estimates of a queue whose history is stale wait for its one read")
                .append(" (`HistoryCache`), on the monitor's call threads; so a round with a read is longer by the")
                .append(" read's duration for every watch of the queue, and a job placed then is seen that much")
                .append(" later. Compare p99 / poll with figure 1's monitor row, whose watches do not estimate.\n\n");
        md.append("Run ").append(date).append(": `").append(command).append("`.\n\n");
        md.append("| N | poll | rounds watched | watches with an ETA | history reads | reads / queue / round |")
                .append(
                        " history pages | list requests | list requests / queue / round | CPU s / round | p99 / poll |\n");
        md.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (ScaleResult r : runs) {
            md.append(String.format(
                    Locale.ROOT,
                    "| %,d | %.1f s | %.1f | %,d / %,d | %d | %.2f | %,d | %,d | %.1f | %.2f | %.2f x |%n",
                    r.watches(),
                    r.pollMs() / 1000.0,
                    r.watchedRounds(),
                    r.estimated(),
                    r.watches(),
                    r.historyReads(),
                    r.historyReads() / r.watchedRounds(),
                    r.historyPages(),
                    r.listWatching(),
                    r.listWatching() / r.watchedRounds(),
                    r.cpuPerRound(),
                    r.p99Ms() / r.pollMs()));
        }
        md.append("\nList requests are all the job-list pages in that time: the monitor's status refresh")
                .append(" (N / 500 pages a round) and the history pages. A read per watch would be N reads a")
                .append(" round.\n");
        return md.toString();
    }

    /** Replaces the section between the markers, or appends it when the document has none. */
    public static String splice(String document, String markdown) {
        return MarkedSection.splice(document, BEGIN, END, markdown);
    }
}
