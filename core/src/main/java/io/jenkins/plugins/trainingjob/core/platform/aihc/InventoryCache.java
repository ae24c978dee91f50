package io.jenkins.plugins.trainingjob.core.platform.aihc;

import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.InventoryUnreadableException;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Keeps each pool inventory for one poll round, so a pre-flight check, a diagnosis join and the next
 * watch in the same round share one read of a large pool. Bounded: the least recently used of at most
 * {@link #MAX_ENTRIES} inventories is dropped first. A refusal ("inventory not readable") is kept as long,
 * so a key without the permission is not asked again every second. Thread-safe.
 */
final class InventoryCache {

    static final int MAX_ENTRIES = 16;

    private record Key(PlatformKind platform, String endpoint, String pool, String queue) {}

    /** How long a client keeps its inventories: about one poll round of a watch. */
    public static final Duration ONE_POLL_ROUND = Duration.ofSeconds(10);

    private record Entry(Instant readAt, PoolInventory inventory, InventoryUnreadableException refusal) {}

    private final Clock clock;
    private final Duration maxAge;
    private final Map<Key, Entry> entries = new LinkedHashMap<>(MAX_ENTRIES, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Entry> eldest) {
            return size() > MAX_ENTRIES;
        }
    };

    /** @param maxAge one poll round: an inventory older than this is read again */
    public InventoryCache(Clock clock, Duration maxAge) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.maxAge = Objects.requireNonNull(maxAge, "maxAge");
    }

    /**
     * The inventory of {@code platform}'s pool for {@code queue}, from the cache when it is younger than a
     * poll round.
     *
     * @throws InventoryUnreadableException when the platform refuses to show it
     */
    public PoolInventory get(TrainingPlatform platform, String queue) {
        ConnectionSettings s = platform.settings();
        Key key = new Key(
                platform.kind(),
                String.valueOf(s.resolvedEndpoint()),
                s.target().scope(),
                queue == null ? "" : queue);
        return get(key, () -> platform.inventory(queue));
    }

    /** For one client's own use: {@code read} reads the inventory of {@code queue} when the cache has none. */
    public PoolInventory get(String queue, java.util.function.Supplier<PoolInventory> read) {
        return get(new Key(null, "", "", queue == null ? "" : queue), read);
    }

    /**
     * For one client's own use: {@code read} reads the inventory of {@code queue} now, whatever the cache holds,
     * and the cache keeps this read for the rest of the round.
     */
    public PoolInventory refresh(String queue, java.util.function.Supplier<PoolInventory> read) {
        return read(new Key(null, "", "", queue == null ? "" : queue), clock.instant(), read);
    }

    private PoolInventory get(Key key, java.util.function.Supplier<PoolInventory> read) {
        Instant now = clock.instant();
        synchronized (entries) {
            Entry e = entries.get(key);
            if (e != null && Duration.between(e.readAt(), now).compareTo(maxAge) < 0) {
                if (e.refusal() != null) {
                    throw e.refusal();
                }
                return e.inventory();
            }
        }
        return read(key, now, read);
    }

    private PoolInventory read(Key key, Instant now, java.util.function.Supplier<PoolInventory> read) {
        // read outside the lock: a slow pool must not hold up others
        try {
            PoolInventory inv = read.get();
            put(key, new Entry(now, inv, null));
            return inv;
        } catch (InventoryUnreadableException refused) {
            put(key, new Entry(now, null, refused));
            throw refused;
        }
    }

    private void put(Key key, Entry e) {
        synchronized (entries) {
            entries.put(key, e);
        }
    }
}
