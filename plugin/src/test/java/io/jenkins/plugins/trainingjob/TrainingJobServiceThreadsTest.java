package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import hudson.model.Run;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.WaitTarget;
import io.jenkins.plugins.trainingjob.core.monitor.WatchListener;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.net.URL;
import java.net.URLClassLoader;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Every thread the plugin or its monitor makes is made lazily, by whichever thread hands over the first task:
 * on a controller often a Pipeline build's VM thread, whose context class loader is that build's Groovy
 * loader. A thread that inherits it pins the build's classes while it lives, the monitor's scheduler for the
 * controller's lifetime (JENKINS-49206, review R6). Here the service's pools (as the controller's instance
 * makes them) and its monitor are first used from a thread with a throwaway loader, and no thread may keep it.
 */
class TrainingJobServiceThreadsTest {

    @Test
    void noThreadOfTheServiceOrItsMonitorKeepsTheContextClassLoaderOfTheThreadThatFirstUsedIt() throws Exception {
        FakePlatform platform = new FakePlatform(PlatformKind.AIHC);
        JobRef job = platform.addJob("train-llm");
        platform.set(job, JobPhase.RUNNING, "Running");
        TrainingJobConfiguration config = mock(TrainingJobConfiguration.class);
        AihcConnection prod = new AihcConnection();
        prod.setName("prod");
        prod.setCredentialsId("ak");
        prod.setRegion("bj");
        prod.setResourcePool("pool-1");
        when(config.findConnection("prod")).thenReturn(Optional.of(prod));
        CredentialsLookup credentials = mock(CredentialsLookup.class);
        when(credentials.forItem(any(), any(), any())).thenReturn(Credentials.of("AK", "sk"));
        AtomicReference<JobMonitor> monitor = new AtomicReference<>();
        TrainingJobService service = new TrainingJobService(
                settings -> platform.connectedWith(settings),
                credentials,
                (text, source, variables) -> null,
                () -> config,
                (resolver, time) -> {
                    monitor.set(new JobMonitor(resolver, time));
                    return monitor.get();
                },
                TrainingJobService.newPool("training-job-calls"),
                TrainingJobService.newPool("training-job-events"));
        ClassLoader throwaway = new URLClassLoader(new URL[0], getClass().getClassLoader());
        Map<String, ClassLoader> seenBy = new ConcurrentHashMap<>();
        CountDownLatch ran = new CountDownLatch(2);
        CompletableFuture<Outcome> outcome = new CompletableFuture<>();

        Thread buildVm = new Thread(() -> {
            Map<String, Executor> pools = Map.of("calls", service.executor(), "events", service.events());
            pools.forEach((name, pool) -> pool.execute(() -> {
                seenBy.put(
                        Thread.currentThread().getName(), Thread.currentThread().getContextClassLoader());
                ran.countDown();
            }));
            ConnectionBinding binding = service.bind(ConnectionRef.of("prod", null), mock(Run.class), "b-1");
            WatchPolicy policy = WatchPolicy.defaults(WaitTarget.SCHEDULED)
                    .withPolling(Duration.ofMillis(2), Duration.ofMillis(10))
                    .withPendingTimeout(Duration.ofMinutes(10));
            service.watcher()
                    .watch(binding.key(), job, policy, new WatchListener() {})
                    .outcome()
                    .whenComplete((o, e) -> outcome.complete(o));
        });
        buildVm.setContextClassLoader(throwaway);
        buildVm.start();
        buildVm.join();
        try {
            assertThat(ran.await(30, TimeUnit.SECONDS)).isTrue();
            assertThat(outcome.get(30, TimeUnit.SECONDS)).isInstanceOf(Outcome.Scheduled.class);

            assertThat(seenBy.keySet())
                    .as("named as the controller's pools are")
                    .containsExactlyInAnyOrder("training-job-calls [#1]", "training-job-events [#1]");
            assertThat(seenBy.values()).doesNotContain(throwaway);
            assertThat(Thread.getAllStackTraces().keySet())
                    .as("threads that keep the context class loader of the thread that first used them")
                    .noneMatch(t -> t.getContextClassLoader() == throwaway);
        } finally {
            service.close();
        }
    }
}
