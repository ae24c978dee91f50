package io.jenkins.plugins.trainingjob.core.eta;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A queue's recent jobs as seen at one instant: the finished and running ones of the window (default 7
 * days) and every job still running or waiting, whenever it was created, because those block a new job.
 * Gives wait and run-time distributions by {@link SizeClass} and overall. Immutable; what the estimator
 * derives from it ({@link #timeline}, {@link #peakGpusInUse}) is derived once and shared by every estimate on
 * it (in the monitor, every watch of the queue for one poll round, {@link HistoryCache}), and goes with it.
 */
public final class QueueHistory {

    public static final Duration DEFAULT_WINDOW = Duration.ofDays(7);

    private final String queue;
    private final Instant seenAt;
    private final Duration window;
    private final List<HistoryJob> jobs;
    private final Map<SizeClass, Distribution> waitsByClass = new EnumMap<>(SizeClass.class);
    private final Map<SizeClass, Distribution> runsByClass = new EnumMap<>(SizeClass.class);
    private final Distribution waits;
    private final Distribution runs;
    private final int finished;
    private final boolean truncated;
    private final String scopeNote;
    /** Built on first use, by whichever call thread estimates first. */
    private QueueTimeline timeline;
    /** {@link #peakGpusInUse}, or -1 before its first use; racing threads compute the same number. */
    private volatile long peak = -1;

    public QueueHistory(String queue, Instant seenAt, Duration window, List<HistoryJob> jobs, boolean truncated) {
        this(queue, seenAt, window, jobs, truncated, "");
    }

    /**
     * @param jobs the jobs as the list showed them at {@code seenAt}; times after it are not looked at
     * @param truncated whether the read stopped at its page or memory bound before the window's start
     * @param scopeNote what the list cannot show (SenseCore: other workspaces' jobs), for the estimate's basis
     */
    public QueueHistory(
            String queue, Instant seenAt, Duration window, List<HistoryJob> jobs, boolean truncated, String scopeNote) {
        this.scopeNote = scopeNote == null ? "" : scopeNote;
        this.queue = queue == null ? "" : queue;
        this.seenAt = Objects.requireNonNull(seenAt, "seenAt");
        this.window = Objects.requireNonNull(window, "window");
        this.truncated = truncated;
        Instant from = seenAt.minus(window);
        List<HistoryJob> kept = new ArrayList<>();
        for (HistoryJob j : jobs) {
            HistoryJob seen = j.seenAt(seenAt);
            if (seen.createdAt().isAfter(seenAt)) {
                continue;
            }
            boolean open = !seen.finished();
            if (open || !seen.finishedAt().isBefore(from) || !seen.createdAt().isBefore(from)) {
                kept.add(seen);
            }
        }
        kept.sort(Comparator.comparing(HistoryJob::createdAt).thenComparing(HistoryJob::id));
        this.jobs = List.copyOf(kept);
        Map<SizeClass, List<Long>> w = new EnumMap<>(SizeClass.class);
        Map<SizeClass, List<Long>> r = new EnumMap<>(SizeClass.class);
        List<Long> allW = new ArrayList<>();
        List<Long> allR = new ArrayList<>();
        int done = 0;
        for (HistoryJob j : this.jobs) {
            if (j.started() && !j.createdAt().isBefore(from)) {
                long s = j.waited().toSeconds();
                allW.add(s);
                w.computeIfAbsent(j.sizeClass(), k -> new ArrayList<>()).add(s);
            }
            if (j.finished()) {
                done++;
                long s = j.ran().toSeconds();
                allR.add(s);
                r.computeIfAbsent(j.sizeClass(), k -> new ArrayList<>()).add(s);
            }
        }
        this.finished = done;
        this.waits = Distribution.of(toArray(allW));
        this.runs = Distribution.of(toArray(allR));
        w.forEach((k, v) -> waitsByClass.put(k, Distribution.of(toArray(v))));
        r.forEach((k, v) -> runsByClass.put(k, Distribution.of(toArray(v))));
    }

    private static long[] toArray(List<Long> values) {
        long[] a = new long[values.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = values.get(i);
        }
        return a;
    }

    public String queue() {
        return queue;
    }

    public Instant seenAt() {
        return seenAt;
    }

    public Duration window() {
        return window;
    }

    /** Oldest first. */
    public List<HistoryJob> jobs() {
        return jobs;
    }

    /** Jobs that finished (their run time is known), in the window. */
    public int finishedCount() {
        return finished;
    }

    public String scopeNote() {
        return scopeNote;
    }

    public boolean truncated() {
        return truncated;
    }

    public Distribution waits() {
        return waits;
    }

    public Distribution runs() {
        return runs;
    }

    /** Waits of the class, or of every size when the class has fewer than {@code min}. */
    public Distribution waits(SizeClass c, int min) {
        Distribution d = waitsByClass.get(c);
        return d != null && d.size() >= min ? d : waits;
    }

    /** Run times of the class, or of every size when the class has fewer than {@code min}. */
    public Distribution runs(SizeClass c, int min) {
        Distribution d = runsByClass.get(c);
        return d != null && d.size() >= min ? d : runs;
    }

    public Map<SizeClass, Distribution> waitsByClass() {
        return Map.copyOf(waitsByClass);
    }

    public Map<SizeClass, Distribution> runsByClass() {
        return Map.copyOf(runsByClass);
    }

    /** The history as numbers, with the calibration's replays kept per age ({@link QueueTimeline}). */
    synchronized QueueTimeline timeline() {
        if (timeline == null) {
            timeline = QueueTimeline.shared(this);
        }
        return timeline;
    }

    public List<HistoryJob> running() {
        return jobs.stream().filter(j -> j.started() && !j.finished()).toList();
    }

    public List<HistoryJob> waiting() {
        return jobs.stream().filter(j -> !j.started()).toList();
    }

    /**
     * The most GPUs the listed jobs held at once: a floor for the capacity that serves this queue when the
     * platform lists no nodes (SenseCore) or the caller has no inventory.
     */
    public long peakGpusInUse() {
        long known = peak;
        if (known < 0) {
            known = peakOfJobs();
            peak = known;
        }
        return known;
    }

    private long peakOfJobs() {
        List<long[]> events = new ArrayList<>();
        for (HistoryJob j : jobs) {
            if (j.started()) {
                events.add(new long[] {j.startedAt().toEpochMilli(), j.gpus()});
                if (j.finished()) {
                    events.add(new long[] {j.finishedAt().toEpochMilli(), -j.gpus()});
                }
            }
        }
        events.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        long now = 0;
        long peak = 0;
        for (long[] e : events) {
            now += e[1];
            peak = Math.max(peak, now);
        }
        return peak;
    }
}
