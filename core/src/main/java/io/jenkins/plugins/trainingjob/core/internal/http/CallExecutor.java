package io.jenkins.plugins.trainingjob.core.internal.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.RateLimitedException;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.ProtocolException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.random.RandomGenerator;
import okhttp3.Headers;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.BufferedSource;

/**
 * Makes platform calls: builds the request, signs it, reads the response within the size limit,
 * decodes failures into the {@link PlatformException} hierarchy and retries what is safe to retry.
 *
 * <p>Retries: a {@link TransientException} or {@link RateLimitedException} on an
 * {@linkplain ApiCall#idempotent() idempotent} call is retried up to {@link HttpSettings#maxAttempts()}
 * attempts in all, waiting per {@link Backoff}, or the server's {@code Retry-After} when it sent one.
 * A non-idempotent call (a create) is retried only after a 429, which says the server did not act on
 * it; after a timeout or a 5xx its fate is unknown and the caller must look before it leaps. A
 * {@code Retry-After} longer than a minute (or than {@link HttpSettings#maxBackoff()}, if larger) is
 * not waited out: the {@link RateLimitedException} goes to the caller, who can schedule the call later.
 *
 * <p>Debug log: the logger {@value #LOGGER_NAME} at {@link Level#FINE} records each request and
 * response with secret headers, query parameters and JSON fields masked ({@link SecretRedactor}).
 *
 * <p>Thread-safe; one instance per platform connection.
 */
public final class CallExecutor implements AutoCloseable {

    public static final String LOGGER_NAME = "io.jenkins.plugins.trainingjob.core.http";

    private static final Logger LOG = Logger.getLogger(LOGGER_NAME);
    private static final MediaType JSON = MediaType.get("application/json");
    private static final int LOG_BODY_CHARS = 4000;
    private static final ObjectMapper MAPPER =
            new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private final PlatformKind platform;
    private final HttpSettings settings;
    private final OkHttpClient client;
    private final boolean ownsClient;
    private final RequestSigner signer;
    private final ErrorDecoder errorDecoder;
    private final String requestIdHeader;
    private final TimeSource time;
    private final Backoff backoff;
    private final SecretRedactor redactor;

    private CallExecutor(Builder b) {
        this.platform = b.platform;
        this.settings = b.settings;
        this.ownsClient = b.client == null;
        this.client = b.client == null ? HttpClientFactory.create(b.settings) : b.client;
        this.signer = b.signer;
        this.errorDecoder = b.errorDecoder;
        this.requestIdHeader = b.requestIdHeader;
        this.time = b.time;
        this.backoff = new Backoff(b.settings.initialBackoff(), b.settings.maxBackoff(), b.random);
        this.redactor = b.redactor;
    }

    /** @param platform names the platform in every exception; {@code settings} gives timeouts and retries */
    public static Builder builder(PlatformKind platform, HttpSettings settings) {
        return new Builder(platform, settings);
    }

    /** The time of the retries' waits and the signatures; clients use it for their own waits (create look-ups). */
    public TimeSource time() {
        return time;
    }

    /** Above this, a server's {@code Retry-After} is handed to the caller instead of waited out. */
    private Duration maxHonouredRetryAfter() {
        Duration minute = Duration.ofMinutes(1);
        return settings.maxBackoff().compareTo(minute) > 0 ? settings.maxBackoff() : minute;
    }

    /**
     * Makes the call, retrying as the class documentation says.
     *
     * @return the successful response; its {@code json()} is never {@code null}
     * @throws PlatformException the decoded failure of the last attempt
     */
    public ApiResponse execute(ApiCall call) {
        Duration previousWait = null;
        // The call timeout bounds the whole call, retries included, so a silent endpoint costs at most
        // that long (plus one backoff), not attempts times the read timeout. Measured on the time source the
        // back-offs sleep on, so the bound counts them alike on any clock.
        Instant deadline = time.now().plus(settings.callTimeout());
        for (int attempt = 1; ; attempt++) {
            try {
                return attemptSigned(call, deadline);
            } catch (PlatformException e) {
                if (attempt >= settings.maxAttempts()
                        || !mayRetry(call, e)
                        || !time.now().isBefore(deadline)) {
                    throw e;
                }
                Duration wait = backoff.next(previousWait);
                if (e instanceof RateLimitedException limited && limited.retryAfter() != null) {
                    if (limited.retryAfter().compareTo(maxHonouredRetryAfter()) > 0) {
                        throw e;
                    }
                    wait = limited.retryAfter();
                }
                previousWait = wait;
                if (LOG.isLoggable(Level.FINE)) {
                    LOG.fine("retrying " + call.operation() + " (attempt " + (attempt + 1) + " of "
                            + settings.maxAttempts() + ") in " + wait.toMillis() + " ms after: " + e.getMessage());
                }
                try {
                    time.sleep(wait);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    private static boolean mayRetry(ApiCall call, PlatformException e) {
        if (e instanceof RateLimitedException) {
            return true;
        }
        return call.idempotent() && e instanceof TransientException;
    }

    /**
     * One attempt; when the signer has another signature for its failure (a gateway that refused this one
     * with 401), the same request once more with that one, which the signer adopts if it is accepted. A 401
     * means the request was not acted on, so sending it again is safe for a create too.
     */
    private ApiResponse attemptSigned(ApiCall call, Instant deadline) {
        try {
            return attempt(call, Duration.between(time.now(), deadline), signer);
        } catch (AuthenticationException refused) {
            Optional<RequestSigner> other = signer.fallbackAfter(refused);
            if (other.isEmpty()) {
                throw refused;
            }
            ApiResponse response;
            try {
                response = attempt(call, Duration.between(time.now(), deadline), other.get());
            } catch (AuthenticationException again) {
                throw refused; // refused both ways: the key or the clock, not the scheme; the first answer says so
            }
            signer.adopt(other.get());
            return response;
        }
    }

    private ApiResponse attempt(ApiCall call, Duration remaining, RequestSigner signer) {
        Instant started = time.now();
        Request signed = signer.sign(request(call), started);
        logRequest(call, signed);
        int status = 0;
        Headers headers = Headers.of();
        ApiResponse response;
        okhttp3.Call http = client.newCall(signed);
        if (!remaining.isNegative() && !remaining.isZero() && remaining.compareTo(settings.callTimeout()) < 0) {
            http.timeout().timeout(remaining.toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS);
        }
        try (Response raw = http.execute()) {
            status = raw.code();
            headers = raw.headers();
            String body = readBounded(call, raw);
            response = new ApiResponse(status, headers, body, parseJson(body));
        } catch (IOException e) {
            plainHttpBehindHttps(call, signed.tag(HandshakeWatch.class));
            TransientException failure = networkFailure(call, status, headers, e);
            LOG.fine(
                    () -> "<-- failed " + call.method() + ' ' + redactor.url(call.url()) + ": " + failure.getMessage());
            throw failure;
        }
        logResponse(call, response, started);
        if (response.isSuccessful() && response.json() == null) {
            // A success status with a body we cannot read: a gateway or a cut-off answer. Try again.
            throw TransientException.malformed(
                    platform, call.operation(), status, requestId(headers), HttpStatusErrors.describe(response));
        }
        PlatformException decoded = errorDecoder.decode(call, response);
        if (decoded != null) {
            throw decoded;
        }
        if (!response.isSuccessful()) {
            throw HttpStatusErrors.forStatus(platform, call, response, "", requestId(headers), "", time.now());
        }
        return response;
    }

    private Request request(ApiCall call) {
        RequestBody body = null;
        JsonNode json = call.body();
        if (json != null) {
            try {
                body = RequestBody.create(MAPPER.writeValueAsBytes(json), JSON);
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException(call.operation() + ": body cannot be written as JSON", e);
            }
        } else if (requiresBody(call.method())) {
            body = RequestBody.create(new byte[0], null);
        }
        return new Request.Builder()
                .url(call.url())
                .method(call.method(), body)
                .tag(HandshakeWatch.class, new HandshakeWatch())
                .build();
    }

    private static boolean requiresBody(String method) {
        return method.equals("POST") || method.equals("PUT") || method.equals("PATCH");
    }

    private String readBounded(ApiCall call, Response raw) throws IOException {
        ResponseBody body = raw.body();
        long limit = call.maxResponseBytes() > 0
                ? Math.min(call.maxResponseBytes(), settings.maxResponseBytes())
                : settings.maxResponseBytes();
        if (body.contentLength() > limit) {
            throw tooLarge(call, raw, limit);
        }
        BufferedSource source = body.source();
        if (source.request(limit + 1)) {
            throw tooLarge(call, raw, limit);
        }
        MediaType type = body.contentType();
        // OkHttp declares charset(...) nullable; with a default it never is, but a null must not reach readString.
        Charset charset = type == null ? null : type.charset(StandardCharsets.UTF_8);
        if (charset == null) {
            charset = StandardCharsets.UTF_8;
        }
        return source.getBuffer().readString(charset);
    }

    private TransientException tooLarge(ApiCall call, Response raw, long limit) {
        return TransientException.malformed(
                platform,
                call.operation(),
                raw.code(),
                requestId(raw.headers()),
                "response body exceeds the limit of " + limit + " bytes; not read");
    }

    private static JsonNode parseJson(String body) {
        if (body.isBlank()) {
            return NullNode.getInstance();
        }
        try {
            return MAPPER.readTree(body);
        } catch (JsonProcessingException notJson) {
            return null;
        }
    }

    private TransientException networkFailure(ApiCall call, int status, Headers headers, IOException e) {
        String what;
        String origin = call.url().scheme() + "://" + call.url().host() + ":"
                + call.url().port();
        if (e instanceof SocketTimeoutException
                && String.valueOf(e.getMessage())
                        .toLowerCase(java.util.Locale.ROOT)
                        .contains("connect")) {
            what = "could not connect to " + origin + " within the connect timeout of "
                    + seconds(settings.connectTimeout());
        } else if (e instanceof SocketTimeoutException) {
            what = status == 0
                    ? "timed out waiting for the platform: no answer from " + origin + " within the read timeout of "
                            + seconds(settings.readTimeout())
                    : "timed out reading the response body from " + origin + " (read timeout "
                            + seconds(settings.readTimeout()) + ")";
        } else if (e instanceof InterruptedIOException
                && !Thread.currentThread().isInterrupted()) {
            what = "the call timeout of " + seconds(settings.callTimeout()) + " ran out waiting for " + origin;
        } else if (e instanceof InterruptedIOException) {
            what = "call timed out or was interrupted";
        } else if (e instanceof UnknownHostException) {
            what = "unknown host";
        } else if (e instanceof ConnectException) {
            what = "could not connect";
        } else if (e instanceof EOFException
                || e instanceof ProtocolException
                || e.getCause() instanceof EOFException) {
            // OkHttp reports a connection closed before the status line as an IOException whose cause is
            // the EOFException; a body cut short is a ProtocolException.
            what = status == 0
                    ? "connection closed before a response arrived"
                    : "connection closed before the response body was complete";
        } else {
            what = "network error";
        }
        String detail = e.getMessage() == null ? e.getClass().getSimpleName() : ConsoleText.strip(e.getMessage(), 120);
        return TransientException.connectionFailed(
                platform, call.operation(), status, requestId(headers), what + " (" + detail + ")", e);
    }

    /**
     * After a TLS handshake that failed, asks the endpoint in plain HTTP: an HTTP answer proves the scheme is
     * wrong, and the call ends at once, naming the URL to use, instead of retrying a handshake nobody will
     * answer until the call timeout. Without that proof the origin's handshakes get the full connect timeout
     * from now on, and the failure stays transient.
     */
    private void plainHttpBehindHttps(ApiCall call, HandshakeWatch watch) {
        if (watch == null || !watch.failedInHandshake() || !call.url().isHttps()) {
            return;
        }
        String host = call.url().host();
        int port = call.url().port();
        java.util.Optional<String> answer;
        try {
            java.net.Proxy proxy = client.proxy();
            boolean direct = proxy != null
                    ? proxy.type() == java.net.Proxy.Type.DIRECT
                    : client.proxySelector().select(call.url().uri()).stream()
                            .allMatch(p -> p.type() == java.net.Proxy.Type.DIRECT);
            answer = direct
                    ? PlainHttpProbe.statusLine(client.dns().lookup(host).get(0), host, port, settings.connectTimeout())
                    : java.util.Optional.empty();
        } catch (IOException | RuntimeException unresolved) {
            answer = java.util.Optional.empty();
        }
        if (answer.isPresent()) {
            String origin = "https://" + call.url().host() + ":" + port;
            throw InvalidRequestException.refused(
                    platform,
                    call.operation(),
                    "endpoint",
                    origin + " speaks plain HTTP, not TLS (it answered a plain request with '"
                            + ConsoleText.strip(answer.get(), 60) + "'): use http://" + origin.substring(8));
        }
        try {
            if (client.sslSocketFactory() instanceof HandshakeTimeoutSocketFactory bounded) {
                bounded.slow(host, port);
            }
        } catch (IllegalStateException cleartextOnly) {
            // no TLS factory: nothing to widen
        }
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }

    private String requestId(Headers headers) {
        if (requestIdHeader == null) {
            return "";
        }
        String v = headers.get(requestIdHeader);
        return v == null ? "" : ConsoleText.strip(v, 100);
    }

    private void logRequest(ApiCall call, Request request) {
        if (!LOG.isLoggable(Level.FINE)) {
            return;
        }
        StringBuilder sb = new StringBuilder("--> ")
                .append(request.method())
                .append(' ')
                .append(redactor.url(request.url()))
                .append('\n')
                .append(redactor.headers(request.headers()));
        JsonNode body = call.body();
        if (body != null) {
            sb.append(redactor.json(body));
        }
        LOG.fine(sb.toString());
    }

    private void logResponse(ApiCall call, ApiResponse response, Instant started) {
        if (!LOG.isLoggable(Level.FINE)) {
            return;
        }
        long millis = Duration.between(started, time.now()).toMillis();
        String body = response.json() == null || response.json().isNull()
                ? response.body()
                : redactor.json(response.json()).toString();
        LOG.fine("<-- " + response.status() + ' ' + call.method() + ' ' + redactor.url(call.url()) + " (" + millis
                + " ms)\n" + redactor.headers(response.headers()) + ConsoleText.strip(body, LOG_BODY_CHARS));
    }

    /** Releases the connection pool and threads of a client this executor built itself. */
    @Override
    public void close() {
        if (ownsClient) {
            client.dispatcher().executorService().shutdown();
            client.connectionPool().evictAll();
        }
    }

    /** Assembles a {@link CallExecutor}; only the platform and settings are required. */
    public static final class Builder {
        private final PlatformKind platform;
        private final HttpSettings settings;
        private OkHttpClient client;
        private RequestSigner signer = RequestSigner.unsigned();
        private ErrorDecoder errorDecoder = (call, response) -> null;
        private String requestIdHeader;
        private TimeSource time = TimeSource.system();
        private RandomGenerator random = RandomGenerator.getDefault();
        private SecretRedactor redactor = SecretRedactor.standard();

        private Builder(PlatformKind platform, HttpSettings settings) {
            this.platform = Objects.requireNonNull(platform, "platform");
            this.settings = Objects.requireNonNull(settings, "settings");
        }

        /** A shared client to use (and not close); by default one is built from the settings. */
        public Builder client(OkHttpClient client) {
            this.client = client;
            return this;
        }

        public Builder signer(RequestSigner signer) {
            this.signer = Objects.requireNonNull(signer, "signer");
            return this;
        }

        public Builder errorDecoder(ErrorDecoder errorDecoder) {
            this.errorDecoder = Objects.requireNonNull(errorDecoder, "errorDecoder");
            return this;
        }

        /** The response header carrying the platform's request id (e.g. {@code x-bce-request-id}). */
        public Builder requestIdHeader(String name) {
            this.requestIdHeader = name;
            return this;
        }

        /** What dates the signatures and what the waits between retries sleep on (a manual clock in tests). */
        public Builder time(TimeSource time) {
            this.time = Objects.requireNonNull(time, "time");
            return this;
        }

        /** The jitter source; a seeded generator makes waits reproducible in tests. */
        public Builder random(RandomGenerator random) {
            this.random = Objects.requireNonNull(random, "random");
            return this;
        }

        public Builder redactor(SecretRedactor redactor) {
            this.redactor = Objects.requireNonNull(redactor, "redactor");
            return this;
        }

        public CallExecutor build() {
            return new CallExecutor(this);
        }
    }
}
