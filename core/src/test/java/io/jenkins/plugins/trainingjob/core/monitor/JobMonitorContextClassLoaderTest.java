package io.jenkins.plugins.trainingjob.core.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.net.URL;
import java.net.URLClassLoader;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The monitor's threads are made by whichever thread hands it the first task. In Jenkins that is a Pipeline
 * build's VM thread, whose context class loader is the build's Groovy loader; a thread that inherits it pins
 * that build's classes for as long as it lives, the scheduler for the controller's lifetime (JENKINS-49206,
 * review R6). None of the monitor's threads may keep the caller's loader.
 */
class JobMonitorContextClassLoaderTest {

    @Test
    void threadsMadeForACallerWithAThrowawayLoaderDoNotKeepIt() throws Exception {
        FakePlatform platform = new FakePlatform();
        JobRef job = platform.addJob("train-llm");
        platform.set(job, JobPhase.RUNNING, "Running");
        WatchPolicy policy = WatchPolicy.defaults(WaitTarget.SCHEDULED)
                .withPolling(Duration.ofMillis(2), Duration.ofMillis(10))
                .withPendingTimeout(Duration.ofMinutes(10));
        ClassLoader throwaway = new URLClassLoader(new URL[0], getClass().getClassLoader());
        AtomicReference<JobMonitor> monitor = new AtomicReference<>();
        AtomicReference<ClassLoader> listenerLoader = new AtomicReference<>();
        CompletableFuture<Outcome> outcome = new CompletableFuture<>();

        Thread caller = new Thread(() -> {
            JobMonitor m = new JobMonitor(id -> platform, TimeSource.system());
            monitor.set(m);
            m.watch("c", job, policy, new WatchListener() {
                        @Override
                        public void onEvent(MonitorEvent event) {
                            listenerLoader.set(Thread.currentThread().getContextClassLoader());
                        }
                    })
                    .outcome()
                    .whenComplete((o, e) -> outcome.complete(o));
        });
        caller.setContextClassLoader(throwaway);
        caller.start();
        caller.join();
        try {
            assertThat(outcome.get(30, TimeUnit.SECONDS)).isInstanceOf(Outcome.Scheduled.class);

            List<Thread> monitorThreads = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().startsWith("trainingjob-monitor"))
                    .toList();
            assertThat(monitorThreads)
                    .as("the scheduler and a call thread were made")
                    .hasSizeGreaterThanOrEqualTo(2);
            assertThat(listenerLoader.get()).isNotSameAs(throwaway);
            assertThat(Thread.getAllStackTraces().keySet())
                    .as("threads that keep the caller's context class loader")
                    .noneMatch(t -> t.getContextClassLoader() == throwaway);
        } finally {
            monitor.get().close();
        }
    }
}
