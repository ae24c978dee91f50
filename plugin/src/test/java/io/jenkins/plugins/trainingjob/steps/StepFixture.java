package io.jenkins.plugins.trainingjob.steps;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.google.common.util.concurrent.Futures;
import hudson.model.Run;
import hudson.model.TaskListener;
import io.jenkins.plugins.trainingjob.AihcConnection;
import io.jenkins.plugins.trainingjob.Connection;
import io.jenkins.plugins.trainingjob.CredentialsLookup;
import io.jenkins.plugins.trainingjob.TrainingJobConfiguration;
import io.jenkins.plugins.trainingjob.TrainingJobService;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import io.jenkins.plugins.trainingjob.core.testkit.ScriptedWatcher;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jenkinsci.plugins.workflow.steps.StepContext;
import org.jenkinsci.plugins.workflow.steps.StepExecution;

/**
 * What a step execution needs around it, without Jenkins: a mocked {@link StepContext} with a build log,
 * a mocked {@link Run}, a service over a {@link FakePlatform} and a {@link ScriptedWatcher}, and a direct
 * executor, so every background part runs in the test's thread.
 */
final class StepFixture {
    static final String SECRET_KEY = "s3cr3t-secret-key-value";

    final FakePlatform platform = new FakePlatform(PlatformKind.AIHC);
    final ScriptedWatcher watcher = new ScriptedWatcher();
    final List<ConnectionSettings> connected = new ArrayList<>();
    final List<String> specsLoaded = new ArrayList<>();
    final TrainingJobConfiguration config = mock(TrainingJobConfiguration.class);
    final TrainingJobService service;
    final ByteArrayOutputStream log = new ByteArrayOutputStream();
    final TaskListener listener = mock(TaskListener.class);
    final Run<?, ?> run = mock(Run.class);
    /** What the build carries: added actions, as {@code Actionable} keeps them (and attaches run actions). */
    final List<hudson.model.Action> actions = new java.util.concurrent.CopyOnWriteArrayList<>();

    final StepContext context = mock(StepContext.class);

    StepFixture(File buildDir) throws Exception {
        AihcConnection prod = aihc("prod");
        prod.setFallbackQueues("spot"); // the administrator lets fallback targets move jobs there
        when(config.findConnection(any())).thenReturn(Optional.empty());
        when(config.findConnection("prod")).thenReturn(Optional.of(prod));
        when(config.getConnections()).thenReturn(List.of(prod));
        when(config.pendingTimeoutDuration()).thenReturn(Duration.ofMinutes(10));
        when(config.pollIntervalDuration()).thenReturn(Duration.ofSeconds(30));
        CredentialsLookup credentials = new CredentialsLookup() {
            @Override
            public Credentials forRun(String credentialsId, Run<?, ?> r, String endpoint) {
                return Credentials.of("AK-" + credentialsId, SECRET_KEY);
            }

            @Override
            public Credentials forItem(String credentialsId, hudson.model.Item item, String endpoint) {
                return Credentials.of("AK-" + credentialsId, SECRET_KEY);
            }
        };
        service = new TrainingJobService(
                settings -> {
                    connected.add(settings);
                    return platform.connectedWith(settings);
                },
                credentials,
                (text, source, variables) -> {
                    specsLoaded.add(source + ":" + text);
                    return FakePlatform.spec(PlatformKind.AIHC, "resnet-" + variables.getOrDefault("RUN", "x"));
                },
                () -> config,
                resolver -> watcher,
                Runnable::run);
        when(listener.getLogger()).thenReturn(new PrintStream(log, true, StandardCharsets.UTF_8));
        when(run.getRootDir()).thenReturn(buildDir);
        when(run.getUrl()).thenReturn("job/p/1/");
        when(run.getExternalizableId()).thenReturn("p#1");
        when(run.isBuilding()).thenReturn(true);
        keepsActions(run, actions);
        useContext(context);
    }

    /** Makes a mocked build keep the actions added to it in {@code actions}, as {@code Actionable} does. */
    static void keepsActions(Run<?, ?> run, List<hudson.model.Action> actions) {
        org.mockito.Mockito.doAnswer(i -> {
                    hudson.model.Action a = i.getArgument(0);
                    actions.add(a);
                    if (a instanceof jenkins.model.RunAction2 attached) {
                        attached.onAttached(run);
                    }
                    return null;
                })
                .when(run)
                .addAction(any());
        when(run.getAction(any(Class.class))).thenAnswer(i -> actions.stream()
                .filter(((Class<?>) i.getArgument(0))::isInstance)
                .findFirst()
                .orElse(null));
        when(run.getActions(any(Class.class))).thenAnswer(i -> actions.stream()
                .filter(((Class<?>) i.getArgument(0))::isInstance)
                .toList());
    }

    void useContext(StepContext ctx) throws Exception {
        when(ctx.get(TaskListener.class)).thenReturn(listener);
        when(ctx.get(Run.class)).thenAnswer(i -> run);
        when(ctx.saveState()).thenReturn(Futures.immediateFuture(null));
    }

    static AihcConnection aihc(String name) {
        AihcConnection c = new AihcConnection();
        c.setName(name);
        c.setCredentialsId("aihc-ak");
        c.setRegion("bj");
        c.setResourcePool("pool-1");
        c.setQueue("default");
        return c;
    }

    static Connection inlineAihc() {
        AihcConnection c = aihc(null);
        c.setCredentialsId("team-ak");
        return c;
    }

    /** Whether {@code ctx} was told how its step ended ({@code onSuccess} or {@code onFailure}). */
    static boolean ended(StepContext ctx) {
        return org.mockito.Mockito.mockingDetails(ctx).getInvocations().stream()
                .map(i -> i.getMethod().getName())
                .anyMatch(name -> name.equals("onSuccess") || name.equals("onFailure"));
    }

    String log() {
        return log.toString(StandardCharsets.UTF_8);
    }

    /**
     * Serializes the execution as the Pipeline engine does across a restart (the context is pickled
     * separately, here replaced by {@code newContext}), and returns the copy, bound to this fixture's
     * service.
     */
    <T extends StepExecution> T restart(T execution, StepContext newContext) throws Exception {
        return restore(serialize(execution), newContext);
    }

    /** As {@link #restart}, from a saved form taken earlier ({@link #serialize}): a restart at that moment. */
    <T extends StepExecution> T restartFrom(byte[] bytes, StepContext newContext) throws Exception {
        return restore(bytes, newContext);
    }

    /** An execution read back from {@code bytes} ({@link #serialize}d earlier), as after a restart. */
    @SuppressWarnings("unchecked")
    <T extends StepExecution> T restore(byte[] bytes, StepContext newContext) throws Exception {
        useContext(newContext);
        try (ObjectInputStream in = new ContextResolvingInput(new ByteArrayInputStream(bytes), newContext)) {
            T copy = (T) in.readObject();
            ((WatchingExecution) copy).useService(service);
            return copy;
        }
    }

    static byte[] serialize(Object o) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ContextPicklingOutput(bytes)) {
            out.writeObject(o);
        }
        return bytes.toByteArray();
    }

    /** Stands in for the step context in the stream, like the Pipeline engine's pickles. */
    private static final class ContextPickle implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    private static final class ContextPicklingOutput extends ObjectOutputStream {
        ContextPicklingOutput(OutputStream out) throws IOException {
            super(out);
            enableReplaceObject(true);
        }

        @Override
        protected Object replaceObject(Object obj) {
            return obj instanceof StepContext ? new ContextPickle() : obj;
        }
    }

    private static final class ContextResolvingInput extends ObjectInputStream {
        private final StepContext context;

        ContextResolvingInput(InputStream in, StepContext context) throws IOException {
            super(in);
            this.context = context;
            enableResolveObject(true);
        }

        @Override
        protected Object resolveObject(Object obj) {
            return obj instanceof ContextPickle ? context : obj;
        }
    }

    static List<String> variables(String run) {
        return List.of("RUN=" + run);
    }
}
