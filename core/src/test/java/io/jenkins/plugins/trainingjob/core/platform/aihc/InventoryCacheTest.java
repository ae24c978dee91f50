package io.jenkins.plugins.trainingjob.core.platform.aihc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import io.jenkins.plugins.trainingjob.core.platform.AihcPoolEvidence;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.FailedCall;
import io.jenkins.plugins.trainingjob.core.platform.InventoryUnreadableException;
import io.jenkins.plugins.trainingjob.core.platform.PoolInventory;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class InventoryCacheTest {

    private final ManualClock clock = new ManualClock(Instant.parse("2026-03-01T10:00:00Z"));

    private static TrainingPlatform platform() {
        TrainingPlatform p = mock(TrainingPlatform.class);
        when(p.kind()).thenReturn(PlatformKind.AIHC);
        when(p.settings())
                .thenReturn(ConnectionSettings.aihc(
                        URI.create("http://127.0.0.1:1/"), null, Credentials.of("ak", "sk"), "cce-1", "default"));
        return p;
    }

    private static PoolInventory inventory() {
        return new PoolInventory(
                "cce-1", "default", List.of(), List.of(), true, null, new AihcPoolEvidence(), Instant.EPOCH);
    }

    @Test
    void oneReadPerPollRound() {
        TrainingPlatform p = platform();
        when(p.inventory("default")).thenReturn(inventory());
        InventoryCache cache = new InventoryCache(clock, Duration.ofSeconds(30));

        cache.get(p, "default");
        clock.advance(Duration.ofSeconds(29));
        cache.get(p, "default");
        verify(p, times(1)).inventory("default");

        clock.advance(Duration.ofSeconds(1));
        cache.get(p, "default");
        verify(p, times(2)).inventory("default");
    }

    /** A started job's snapshot reads the pool as it is now; the round's later readers share that read. */
    @Test
    void aRefreshReadsAgainWithinTheRoundAndIsSharedAfter() {
        java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();
        InventoryCache cache = new InventoryCache(clock, Duration.ofSeconds(30));
        cache.get("default", () -> {
            reads.incrementAndGet();
            return inventory();
        });
        clock.advance(Duration.ofSeconds(5));
        PoolInventory fresh = inventory();

        assertThat(cache.refresh("default", () -> {
                    reads.incrementAndGet();
                    return fresh;
                }))
                .isSameAs(fresh);
        assertThat(cache.get("default", () -> {
                    reads.incrementAndGet();
                    return inventory();
                }))
                .isSameAs(fresh);
        assertThat(reads).hasValue(2);
    }

    @Test
    void aRefusalIsKeptForTheRoundToo() {
        TrainingPlatform p = platform();
        when(p.inventory("default"))
                .thenThrow(new InventoryUnreadableException(
                        new FailedCall(PlatformKind.AIHC, "GET x", 403, "", ""),
                        "this access key may not read it",
                        null));
        InventoryCache cache = new InventoryCache(clock, Duration.ofSeconds(30));

        assertThatThrownBy(() -> cache.get(p, "default")).hasMessageContaining("inventory not readable");
        assertThatThrownBy(() -> cache.get(p, "default")).hasMessageContaining("inventory not readable");
        verify(p, times(1)).inventory("default");
    }

    @Test
    void keepsAtMostSixteenInventories() {
        TrainingPlatform p = platform();
        for (int i = 0; i <= InventoryCache.MAX_ENTRIES; i++) {
            when(p.inventory("q" + i)).thenReturn(inventory());
        }
        InventoryCache cache = new InventoryCache(clock, Duration.ofMinutes(5));
        for (int i = 0; i <= InventoryCache.MAX_ENTRIES; i++) {
            cache.get(p, "q" + i);
        }
        cache.get(p, "q0"); // the eldest was dropped: read again
        verify(p, times(2)).inventory("q0");
        cache.get(p, "q" + InventoryCache.MAX_ENTRIES);
        verify(p, times(1)).inventory("q" + InventoryCache.MAX_ENTRIES);
    }

    @Test
    void aPlatformClientWithoutInventorySaysSo() {
        TrainingPlatform p = mock(TrainingPlatform.class, org.mockito.Mockito.CALLS_REAL_METHODS);
        when(p.kind()).thenReturn(PlatformKind.SENSECORE);
        assertThatThrownBy(() -> p.inventory("x"))
                .isInstanceOf(InventoryUnreadableException.class)
                .hasMessageContaining("inventory not readable: this client does not read pool inventories");
    }
}
