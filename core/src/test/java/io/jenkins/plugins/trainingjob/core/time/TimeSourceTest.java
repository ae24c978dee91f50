package io.jenkins.plugins.trainingjob.core.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.net.URL;
import java.net.URLClassLoader;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The one time source: real time's timers, and who may arm a source's timers elsewhere. */
class TimeSourceTest {

    @Test
    void aRealTimeSourcesTimersMayRunOnACallersExecutorAndKeepItsNow() throws Exception {
        ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1, r -> new Thread(r, "callers"));
        try {
            TimeSource moved = TimeSource.system().withTimersOn(scheduler);
            CompletableFuture<String> ranOn = new CompletableFuture<>();

            moved.schedule(() -> ranOn.complete(Thread.currentThread().getName()), Duration.ZERO);

            assertThat(ranOn.get(10, TimeUnit.SECONDS)).isEqualTo("callers");
            assertThat(moved.realTime()).isTrue();
            assertThat(moved.now()).isAfterOrEqualTo(TimeSource.system().now().minusSeconds(60));
        } finally {
            scheduler.shutdownNow();
        }
    }

    @Test
    void aSourceThatIsNotRealTimeKeepsItsOwnTimers() {
        ManualClock manual = new ManualClock();
        ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1);
        try {
            assertThat(manual.realTime()).isFalse();
            assertThatThrownBy(() -> manual.withTimersOn(scheduler)).isInstanceOf(IllegalStateException.class);
        } finally {
            scheduler.shutdownNow();
        }
    }

    @Test
    void systemTimersRunOnADaemonThreadThatKeepsNoCallersClassLoader() throws Exception {
        ClassLoader build = new URLClassLoader(new URL[0], getClass().getClassLoader());
        ClassLoader before = Thread.currentThread().getContextClassLoader();
        CompletableFuture<Thread> ranOn = new CompletableFuture<>();
        Thread.currentThread().setContextClassLoader(build);
        try {
            TimeSource.system().schedule(() -> ranOn.complete(Thread.currentThread()), Duration.ZERO);
        } finally {
            Thread.currentThread().setContextClassLoader(before);
        }

        Thread timer = ranOn.get(10, TimeUnit.SECONDS);
        assertThat(timer.isDaemon()).isTrue();
        assertThat(timer.getContextClassLoader()).isSameAs(TimeSource.class.getClassLoader());
    }
}
