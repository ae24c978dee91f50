package io.jenkins.plugins.trainingjob;

import hudson.Extension;
import hudson.ExtensionList;
import hudson.model.Run;
import hudson.util.ClassLoaderSanityThreadFactory;
import hudson.util.DaemonThreadFactory;
import hudson.util.NamingThreadFactory;
import io.jenkins.plugins.trainingjob.core.monitor.JobMonitor;
import io.jenkins.plugins.trainingjob.core.monitor.JobWatcher;
import io.jenkins.plugins.trainingjob.core.monitor.PlatformResolver;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettingsValidator;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.EndpointAllowList;
import io.jenkins.plugins.trainingjob.core.platform.PlatformConnector;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * The controller's one job monitor and the connections it polls through. Steps register watches here
 * and hold only ids: configured connections are keyed by name (so the monitor can batch their jobs),
 * inline settings by a per-step binding id, resolved again after a restart.
 *
 * <p>It owns the controller's one {@link TimeSource} ({@link #time()}): the monitor runs on it, and the steps'
 * diagnosis fetches, saved-state conversions and build-page progress read it, so a test hands the service a
 * manual clock and every wait and age of the plugin follows it.
 *
 * <p>Submits and other one-off calls run on a small pool of its own, never on the Pipeline VM thread.
 * Build-log lines, outcomes and state saves run on a second pool, so they never wait behind a slow
 * submit and never run on the monitor's scheduler thread. {@link #close()} (at controller shutdown,
 * before Pipeline suspends its builds) closes the monitor and both pools.
 */
@Extension
@Restricted(NoExternalUse.class)
public class TrainingJobService implements PlatformResolver {
    private static final String CONFIGURED = "connection:";
    private static final String INLINE = "inline:";

    private final PlatformConnector connector;
    private final CredentialsLookup credentials;
    private final SpecLoader specs;
    private final Supplier<TrainingJobConfiguration> configuration;
    private final BiFunction<PlatformResolver, TimeSource, JobWatcher> watcherFactory;
    private final TimeSource time;
    private final Executor executor;
    private final Executor events;
    private final Supplier<Object> proxy;
    private final Map<String, Bound> inline = new ConcurrentHashMap<>();
    private final Map<String, Bound> configured = new ConcurrentHashMap<>();
    private volatile JobWatcher watcher;
    private volatile boolean closing;

    /**
     * A client, the settings it was made for and the proxy configuration it was made under: a client is
     * built again when either changes, so open connections never outlive a proxy change (review R9).
     */
    private record Bound(ConnectionSettings settings, TrainingPlatform client, Object proxy) {}

    /** The controller's instance. */
    public TrainingJobService() {
        this(
                CoreDefaults.connector(),
                new JenkinsCredentialsLookup(),
                CoreDefaults.specLoader(),
                TrainingJobConfiguration::get,
                JobMonitor::new,
                newPool("training-job-calls"),
                newPool("training-job-events"),
                CoreDefaults::jenkinsProxy,
                TimeSource.system());
    }

    /** One executor for everything (unit tests run it on the calling thread), in real time. */
    public TrainingJobService(
            PlatformConnector connector,
            CredentialsLookup credentials,
            SpecLoader specs,
            Supplier<TrainingJobConfiguration> configuration,
            BiFunction<PlatformResolver, TimeSource, JobWatcher> watcherFactory,
            Executor executor) {
        this(connector, credentials, specs, configuration, watcherFactory, executor, executor);
    }

    /** A pool for calls and one for events, in real time and without a proxy configuration. */
    public TrainingJobService(
            PlatformConnector connector,
            CredentialsLookup credentials,
            SpecLoader specs,
            Supplier<TrainingJobConfiguration> configuration,
            BiFunction<PlatformResolver, TimeSource, JobWatcher> watcherFactory,
            Executor executor,
            Executor events) {
        this(
                connector,
                credentials,
                specs,
                configuration,
                watcherFactory,
                executor,
                events,
                () -> null,
                TimeSource.system());
    }

    /**
     * As the controller's instance is built: {@code proxy} tells Jenkins' proxy configuration (compared by
     * identity; {@code null} for none), and clients are built again when it changes; {@code watcherFactory}
     * makes the watcher on {@code time}, the service's one time source.
     */
    public TrainingJobService(
            PlatformConnector connector,
            CredentialsLookup credentials,
            SpecLoader specs,
            Supplier<TrainingJobConfiguration> configuration,
            BiFunction<PlatformResolver, TimeSource, JobWatcher> watcherFactory,
            Executor executor,
            Executor events,
            Supplier<Object> proxy,
            TimeSource time) {
        this.connector = connector;
        this.credentials = credentials;
        this.specs = specs;
        this.configuration = configuration;
        this.watcherFactory = watcherFactory;
        this.executor = executor;
        this.events = events;
        this.proxy = proxy;
        this.time = java.util.Objects.requireNonNull(time, "time");
    }

    public static TrainingJobService get() {
        return ExtensionList.lookupSingleton(TrainingJobService.class);
    }

    public PlatformConnector connector() {
        return connector;
    }

    public CredentialsLookup credentials() {
        return credentials;
    }

    public SpecLoader specs() {
        return specs;
    }

    public TrainingJobConfiguration configuration() {
        return configuration.get();
    }

    /**
     * The controller's one time source: the monitor's (it is handed to the watcher factory), and what every
     * step, fetch and build-page view of this plugin reads the time from.
     */
    public TimeSource time() {
        return time;
    }

    /** Where steps run their short blocking calls (reading the spec, submitting, stopping). */
    public Executor executor() {
        return executor;
    }

    /**
     * Where steps write build-log lines, turn outcomes into results and save their state: never the
     * monitor's scheduler thread, never behind a submit.
     */
    public Executor events() {
        return events;
    }

    /** True from the moment the controller starts shutting down: steps then wait to be resumed. */
    public boolean isClosing() {
        return closing;
    }

    /**
     * Stops the monitor and both pools, before Pipeline suspends its builds: every watch ends
     * {@code Cancelled} without touching its job, and the steps, which see {@link #isClosing()}, neither
     * fail nor complete; they resume after the restart from their saved state.
     */
    public void close() {
        closing = true;
        JobWatcher w;
        synchronized (this) {
            w = watcher;
        }
        if (w != null) {
            w.close();
        }
        for (Executor pool : new Executor[] {executor, events}) {
            if (pool instanceof ExecutorService service) {
                service.shutdownNow();
            }
        }
        inline.values().forEach(b -> b.client().close());
        inline.clear();
        configured.values().forEach(c -> c.client().close());
        configured.clear();
    }

    /** The shared monitor, created on first use. */
    public JobWatcher watcher() {
        JobWatcher w = watcher;
        if (w == null) {
            synchronized (this) {
                if (closing) {
                    throw new IllegalStateException(Messages.Service_Closing());
                }
                if (watcher == null) {
                    watcher = watcherFactory.apply(this, time);
                }
                w = watcher;
            }
        }
        return w;
    }

    /**
     * Makes a connection ready for a step of {@code run}: a configured connection is looked up by name
     * and uses its GLOBAL-scoped credential, whose use by {@code run} is tracked; inline settings resolve
     * their credentials as the build, under {@code bindingId}.
     *
     * @throws InvalidInputException for an unknown connection name or credentials id
     */
    public ConnectionBinding bind(ConnectionRef ref, Run<?, ?> run, String bindingId) {
        if (ref.name() != null) {
            Connection c = configuredConnection(ref.name());
            c.validate(); // a connection from JCasC or XML may lack fields the form requires (m9)
            credentials.trackUse(c.getCredentialsId(), run, c.getEndpoint());
            String key = CONFIGURED + ref.name();
            TrainingPlatform client = resolve(key);
            return new ConnectionBinding(
                    key, c.platform(), client, warning(configured.get(key).settings()));
        }
        Connection c = ref.inline();
        // Before credentials are looked up or anything is called: a job author may not point the controller
        // at any host it reaches (review S1).
        EndpointAllowList allowed = allowList();
        requireAllowedInline(c, allowed);
        Credentials creds = credentials.forRun(c.getCredentialsId(), run, c.getEndpoint());
        ConnectionSettings settings = allowed.guarded(secured(c.toSettings(creds), allowed));
        String key = INLINE + bindingId;
        return new ConnectionBinding(key, c.platform(), bindInline(key, settings), warning(settings));
    }

    /** A client of its own under {@code key}, replacing (and closing) one bound there before. */
    private TrainingPlatform bindInline(String key, ConnectionSettings settings) {
        Object current = proxy.get();
        Bound bound = new Bound(settings, connector.connect(settings), current);
        Bound previous = inline.put(key, bound);
        if (previous != null) {
            previous.client().close();
        }
        return bound.client();
    }

    /**
     * As {@link #bind}, aimed at another AIHC queue or resource pool (a fallback target): a client of its own
     * under {@code bindingId}, released with {@link #release} like an inline one. A configured connection may
     * be aimed only at the queues and pools it lists ({@link Connection#requireRetargetAllowed}); its credential
     * is tracked for {@code run} as {@link #bind} does.
     *
     * @param queue the queue there, or {@code null} for the connection's
     * @param resourcePool the pool there, or {@code null} for the connection's
     * @throws InvalidInputException for an unknown connection, a queue or pool a configured connection does not
     *     list, or a queue or pool on a SenseCore connection
     */
    public ConnectionBinding bindRetargeted(
            ConnectionRef ref, Run<?, ?> run, String bindingId, String queue, String resourcePool) {
        Connection c;
        ConnectionSettings settings;
        EndpointAllowList allowed = allowList();
        if (ref.name() != null) {
            c = configuredConnection(ref.name());
            c.validate();
            // before its credential is looked up: only what the administrator listed (review R5)
            c.requireRetargetAllowed(queue, resourcePool);
            credentials.trackUse(c.getCredentialsId(), run, c.getEndpoint());
            settings = secured(c.toSettings(credentials.forItem(c.getCredentialsId(), null, c.getEndpoint())), allowed);
        } else {
            c = ref.inline();
            requireAllowedInline(c, allowed);
            settings = allowed.guarded(
                    secured(c.toSettings(credentials.forRun(c.getCredentialsId(), run, c.getEndpoint())), allowed));
        }
        if (queue != null) {
            settings = settings.withQueue(queue);
        }
        if (resourcePool != null) {
            settings = settings.withResourcePool(resourcePool);
        }
        String key = INLINE + bindingId;
        return new ConnectionBinding(key, c.platform(), bindInline(key, settings), warning(settings));
    }

    /**
     * Refuses inline settings whose endpoint the global {@code allowedEndpoints} does not allow, naming
     * that setting; public regional endpoints (a {@code region} alone) always pass.
     *
     * @throws InvalidInputException naming {@code endpoint}
     */
    public static void requireAllowedInline(Connection inline, EndpointAllowList allowed) {
        URI endpoint = ConnectionSettingsValidator.endpoint(inline.getEndpoint());
        allowed.refusal(inline.platform(), endpoint).ifPresent(reason -> {
            throw InvalidInputException.worded(
                    "endpoint",
                    Messages.Connection_EndpointNotAllowed(ConsoleText.strip(endpoint.toString(), 200), reason));
        });
    }

    /** The settings with plain http opted into where (and only where) {@code allowedEndpoints} says so. */
    public static ConnectionSettings secured(ConnectionSettings settings, EndpointAllowList allowed) {
        return settings.withInsecureHttp(allowed.allowsPlainHttp(settings.endpoint()));
    }

    /** The configured allow-list; none when the configuration has not got one (yet). */
    private EndpointAllowList allowList() {
        EndpointAllowList list = configuration.get().endpointAllowList();
        return list != null ? list : EndpointAllowList.none();
    }

    private static String warning(ConnectionSettings settings) {
        return settings.plainHttpWarning()
                .map(Messages::Connection_PlainHttpWarning)
                .orElse(null);
    }

    /** Closes an inline binding's client once its step ended; configured clients stay shared. */
    public void release(String key) {
        Bound bound = key == null ? null : inline.remove(key);
        if (bound != null) {
            bound.client().close();
        }
    }

    /** Inline connections bound and not yet released: zero once their steps ended. */
    public int inlineConnections() {
        return inline.size();
    }

    /**
     * The client for a key, as the monitor asks before every call: built again when Jenkins' proxy
     * configuration changed since (okhttp-api chooses the proxy per new connection, but reuses an open one
     * for as long as the polls keep it busy), or, for a configured connection, when its settings changed.
     */
    @Override
    public TrainingPlatform resolve(String key) {
        if (key.startsWith(INLINE)) {
            Object current = proxy.get();
            Bound bound = inline.computeIfPresent(key, (k, old) -> {
                if (old.proxy() == current) {
                    return old;
                }
                old.client().close();
                return new Bound(old.settings(), connector.connect(old.settings()), current);
            });
            if (bound == null) {
                throw new IllegalArgumentException(Messages.Service_NotBound(key));
            }
            return bound.client();
        }
        if (!key.startsWith(CONFIGURED)) {
            throw new IllegalArgumentException(Messages.Service_NotBound(key));
        }
        Connection c = configuredConnection(key.substring(CONFIGURED.length()));
        c.validate();
        ConnectionSettings settings =
                secured(c.toSettings(credentials.forItem(c.getCredentialsId(), null, c.getEndpoint())), allowList());
        Object currentProxy = proxy.get();
        // a changed configuration or rotated secret yields different settings and so a new client
        Bound current = configured.compute(key, (k, old) -> {
            if (old != null && old.settings().equals(settings) && old.proxy() == currentProxy) {
                return old;
            }
            if (old != null) {
                old.client().close();
            }
            return new Bound(settings, connector.connect(settings), currentProxy);
        });
        return current.client();
    }

    private Connection configuredConnection(String name) {
        TrainingJobConfiguration config = configuration.get();
        // The build log is read by everyone with Job/Read; the names are listed only where the reader may
        // configure the job (the step's form), as credentials ids are (review S8).
        return config.findConnection(name)
                .orElseThrow(() -> InvalidInputException.worded("connection", Messages.Step_UnknownConnection(name)));
    }

    static Executor newPool(String name) {
        ThreadPoolExecutor pool =
                new ThreadPoolExecutor(4, 4, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), threads(name));
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    /**
     * The pools make their threads lazily, from whichever thread hands them a task: often a Pipeline build's
     * VM thread, whose context class loader is the build's Groovy loader. Core's factory gives each thread
     * Jenkins' own loader instead, so no build's classes stay pinned while a thread lives (JENKINS-49206), as
     * workflow-step-api's own pool does.
     */
    private static ThreadFactory threads(String name) {
        return new NamingThreadFactory(new ClassLoaderSanityThreadFactory(new DaemonThreadFactory()), name);
    }
}
