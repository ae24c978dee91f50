package io.jenkins.plugins.trainingjob.core.platform;

import java.net.Proxy;
import java.time.Duration;
import java.util.Objects;
import java.util.function.UnaryOperator;
import okhttp3.OkHttpClient;

/**
 * Timeouts, retries and proxy for platform calls.
 *
 * @param maxAttempts attempts of an idempotent call, the first included (1 = no retry)
 * @param initialBackoff the first retry delay; each next one doubles, with jitter, up to {@code maxBackoff}
 * @param proxy {@code null} for the JVM's default {@link java.net.ProxySelector} (which honours the usual
 *     {@code https.proxyHost} system properties), or an explicit proxy
 * @param clientBuilderHook {@code null}, or what a front end adds to every client last, after the
 *     timeouts and the proxy: the Jenkins plugin passes okhttp-api's proxy selector and proxy
 *     authenticator through it, so core never sees a Jenkins type. Compared by identity: keep one instance
 */
public record HttpSettings(
        Duration connectTimeout,
        Duration readTimeout,
        Duration callTimeout,
        int maxAttempts,
        Duration initialBackoff,
        Duration maxBackoff,
        Proxy proxy,
        long maxResponseBytes,
        UnaryOperator<OkHttpClient.Builder> clientBuilderHook) {

    public HttpSettings {
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(readTimeout, "readTimeout");
        Objects.requireNonNull(callTimeout, "callTimeout");
        Objects.requireNonNull(initialBackoff, "initialBackoff");
        Objects.requireNonNull(maxBackoff, "maxBackoff");
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1, was " + maxAttempts);
        }
        if (maxResponseBytes < 1024) {
            throw new IllegalArgumentException("maxResponseBytes must be at least 1024, was " + maxResponseBytes);
        }
    }

    /** Settings without a client-builder hook. */
    public HttpSettings(
            Duration connectTimeout,
            Duration readTimeout,
            Duration callTimeout,
            int maxAttempts,
            Duration initialBackoff,
            Duration maxBackoff,
            Proxy proxy,
            long maxResponseBytes) {
        this(
                connectTimeout,
                readTimeout,
                callTimeout,
                maxAttempts,
                initialBackoff,
                maxBackoff,
                proxy,
                maxResponseBytes,
                null);
    }

    /** Platform-friendly defaults: SenseCore list calls can take over 45 s from outside its network. */
    public static HttpSettings defaults() {
        return new HttpSettings(
                Duration.ofSeconds(10),
                Duration.ofSeconds(60),
                Duration.ofSeconds(120),
                4,
                Duration.ofMillis(500),
                Duration.ofSeconds(30),
                null,
                16L * 1024 * 1024);
    }

    public HttpSettings withRetries(int maxAttempts, Duration initialBackoff, Duration maxBackoff) {
        return new HttpSettings(
                connectTimeout,
                readTimeout,
                callTimeout,
                maxAttempts,
                initialBackoff,
                maxBackoff,
                proxy,
                maxResponseBytes,
                clientBuilderHook);
    }

    public HttpSettings withTimeouts(Duration connect, Duration read, Duration call) {
        return new HttpSettings(
                connect,
                read,
                call,
                maxAttempts,
                initialBackoff,
                maxBackoff,
                proxy,
                maxResponseBytes,
                clientBuilderHook);
    }

    public HttpSettings withProxy(Proxy proxy) {
        return new HttpSettings(
                connectTimeout,
                readTimeout,
                callTimeout,
                maxAttempts,
                initialBackoff,
                maxBackoff,
                proxy,
                maxResponseBytes,
                clientBuilderHook);
    }

    public HttpSettings withClientBuilderHook(UnaryOperator<OkHttpClient.Builder> hook) {
        return new HttpSettings(
                connectTimeout,
                readTimeout,
                callTimeout,
                maxAttempts,
                initialBackoff,
                maxBackoff,
                proxy,
                maxResponseBytes,
                hook);
    }
}
