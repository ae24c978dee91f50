package io.jenkins.plugins.trainingjob.bench.scale;

/**
 * One scale run's figures, measured in the client process (the simulator runs in another).
 *
 * @param peakThreads the JVM's peak live threads while watching (the JVM's own threads included)
 * @param idleThreads live threads before any watch started (JVM, JIT, GC, HTTP client)
 * @param heapAfterGcMb heap used after a full GC with every watch active
 * @param idleHeapAfterGcMb the same before any watch started
 * @param cpuPerRound process CPU seconds per poll round in the steady state
 * @param cpuTotal process CPU seconds from the first watch to the last resolution
 * @param requestsPerRound platform requests per poll round in the steady state (before the uncordon)
 * @param listPerRound of which list-page calls
 * @param requestsToResolve requests from the uncordon to the last resolution
 * @param requestsTotal requests from the first watch to the last resolution
 * @param p50Ms median time from "every job schedulable" to the watch's resolution
 * @param p99Ms its 99th percentile; {@code maxMs} its maximum
 * @param meanStatusMs the mean duration of one status call (client side, round trip included)
 * @param meanListMs the mean duration of one list-page call
 * @param watchedRounds poll rounds from the first watch to the uncordon (warm-up and steady rounds)
 * @param historyReads queue-history reads in that time (list calls from the history reader for a first page),
 *     all watches being of one queue; 0 for the baseline, which does not estimate
 * @param historyPages list pages those reads took (included in the request counts above)
 * @param listWatching every list call in that time: the status refreshes and the history pages
 * @param estimated watches that got at least one estimate of their job's start before the uncordon
 */
public record ScaleResult(
        String mode,
        int watches,
        long pollMs,
        int pageSize,
        int peakThreads,
        int idleThreads,
        double heapAfterGcMb,
        double idleHeapAfterGcMb,
        double cpuPerRound,
        double cpuTotal,
        double requestsPerRound,
        double listPerRound,
        long requestsToResolve,
        long requestsTotal,
        int resolved,
        int failures,
        double p50Ms,
        double p99Ms,
        double maxMs,
        double wallSeconds,
        double meanStatusMs,
        double meanListMs,
        double watchedRounds,
        int historyReads,
        int historyPages,
        long listWatching,
        int estimated) {}
