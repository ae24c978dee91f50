package io.jenkins.plugins.trainingjob.core.flow;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A waiting submit costs a state object and at most one timer, never a thread: a thousand submits with a
 * fallback target, all waiting in a full pool, run on the monitor's own threads.
 */
@Isolated("counts the JVM's threads")
class SubmitThreadsTest {

    private final SubmitWorld world = new SubmitWorld();

    @AfterEach
    void close() {
        world.close();
    }

    @Test
    void aThousandWaitingFallbackSubmitsHoldNoThreadEach() {
        world.pool("a", false);
        world.pool("b", false);
        world.pendingTimeout = Duration.ofHours(2);
        SubmitRequest request = world.request(WaitMode.SCHEDULED).build();
        world.start(request); // the monitor's threads start with the first
        world.runUntil("the first waits", () -> world.pool("a").created.size() == 1);
        int before = Thread.activeCount();

        List<Submit> submits = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            submits.add(world.start(request));
        }
        try {
            world.runUntil("all wait", () -> world.pool("a").created.size() == 1001);
        } catch (AssertionError e) {
            // say where the submits that did not create in the first pool are, should this ever recur
            Map<SubmitState.Stage, Long> stages = submits.stream()
                    .collect(Collectors.groupingBy(s -> s.state().stage(), TreeMap::new, Collectors.counting()));
            throw new AssertionError(e.getMessage() + "; created in a: "
                    + world.pool("a").created.size()
                    + ", in b: " + world.pool("b").created.size() + ", stages: " + stages + ", last lines: "
                    + world.lines()
                            .subList(
                                    Math.max(0, world.lines().size() - 5),
                                    world.lines().size()));
        }
        world.clock.advance(Duration.ofMinutes(5));
        world.settle();

        assertThat(submits).allMatch(s -> s.state().stage() == SubmitState.Stage.WATCHING);
        assertThat(Thread.activeCount())
                .as("threads while 1,001 submits wait (%d before the thousand)", before)
                .isLessThanOrEqualTo(before + 4);
    }
}
