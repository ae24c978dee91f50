package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.util.Objects;
import java.util.random.RandomGenerator;
import okhttp3.OkHttpClient;

/**
 * The knobs every platform client's builder has, declared once: the connection settings (required) and,
 * for tests and special set-ups, the time source (that dates signatures and times the waits between retries
 * and look-ups), the jitter source and a shared OkHttp client. Each client's {@code Builder} extends this
 * and adds its own options, so both clients are built the same way: {@code XClient.builder(settings)
 * ... .build()}, or {@code XClient.create(settings)} with the defaults.
 *
 * @param <B> the concrete builder, returned by every setter so calls chain
 */
public abstract class PlatformClientBuilder<B extends PlatformClientBuilder<B>> {
    private final ConnectionSettings settings;
    private TimeSource time = TimeSource.system();
    private RandomGenerator random = RandomGenerator.getDefault();
    private OkHttpClient client;

    /** @throws IllegalArgumentException when the settings are another platform's (a wiring bug) */
    protected PlatformClientBuilder(ConnectionSettings settings, PlatformKind platform) {
        this.settings = Objects.requireNonNull(settings, "settings");
        if (settings.platform() != platform) {
            throw new IllegalArgumentException(
                    "connection: platform is " + settings.platform().id() + ", expected " + platform.id());
        }
    }

    /**
     * The time that dates request signatures and what the client reads, and that the waits between retries
     * and between look-ups after an uncertain create sleep on. The platform judges a signature by its own
     * clock, so a front end leaves this at {@link TimeSource#system()}; a test passes a manual clock (whose
     * sleeps it counts) or a skewed one (to test expiry).
     */
    public B time(TimeSource time) {
        this.time = Objects.requireNonNull(time, "time");
        return self();
    }

    /** The jitter source; a seeded generator makes waits reproducible in tests. */
    public B random(RandomGenerator random) {
        this.random = Objects.requireNonNull(random, "random");
        return self();
    }

    /** A shared OkHttp client (not closed by the platform client); by default one is built from the settings. */
    public B client(OkHttpClient client) {
        this.client = client;
        return self();
    }

    // What the client is built with; read by the clients' constructors.

    public final ConnectionSettings settings() {
        return settings;
    }

    public final TimeSource time() {
        return time;
    }

    public final RandomGenerator random() {
        return random;
    }

    /** The shared OkHttp client, or {@code null} for one of the client's own. */
    public final OkHttpClient okHttpClient() {
        return client;
    }

    @SuppressWarnings("unchecked")
    private B self() {
        return (B) this;
    }
}
