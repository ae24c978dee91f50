package io.jenkins.plugins.trainingjob.core.eta;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Keeps each queue's history for one poll round, so N watches of one queue cost one history read per round,
 * not N, and share what their estimates derive from it ({@link QueueHistory#timeline}), which a new round's
 * history derives afresh. Keyed by whatever names a queue across connections (platform, endpoint, pool, queue); bounded to the
 * {@link #MAX_ENTRIES} most recently used queues. Concurrent callers of one stale key wait for one read.
 */
public final class HistoryCache {

    static final int MAX_ENTRIES = 64;

    private record Entry(Instant readAt, QueueHistory history) {}

    private final Supplier<Instant> clock;
    private final Duration maxAge;
    private final Map<Object, Entry> entries = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Object, Entry> eldest) {
            return size() > MAX_ENTRIES;
        }
    };
    private final Map<Object, Object> locks = new LinkedHashMap<>();

    /** @param clock the monitor's clock ({@code monitorClock::now}): the cache lives in the monitor's time */
    public HistoryCache(Supplier<Instant> clock, Duration maxAge) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.maxAge = Objects.requireNonNull(maxAge, "maxAge");
    }

    public QueueHistory get(Object queueKey, Supplier<QueueHistory> read) {
        Object lock;
        synchronized (locks) {
            lock = locks.computeIfAbsent(queueKey, k -> new Object());
            if (locks.size() > 4 * MAX_ENTRIES) {
                locks.clear();
                locks.put(queueKey, lock);
            }
        }
        synchronized (lock) {
            Instant now = clock.get();
            synchronized (entries) {
                Entry e = entries.get(queueKey);
                if (e != null && Duration.between(e.readAt(), now).compareTo(maxAge) < 0) {
                    return e.history();
                }
            }
            QueueHistory h = read.get();
            synchronized (entries) {
                entries.put(queueKey, new Entry(now, h));
            }
            return h;
        }
    }
}
