package io.jenkins.plugins.trainingjob.core.monitor;

import static org.assertj.core.api.Assertions.fail;

import java.util.function.BooleanSupplier;

/** Waits for a condition the monitor reaches asynchronously; fails (not times) when it never comes. */
final class Eventually {
    private Eventually() {
    }

    static void await(String what, BooleanSupplier condition) {
        long giveUp = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > giveUp) {
                fail("never happened: " + what);
            }
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail("interrupted while waiting for: " + what);
            }
        }
    }
}
