package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import io.jenkins.plugins.trainingjob.core.internal.http.RequestSigner;
import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreHmacSigner.Scheme;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import okhttp3.Request;

/**
 * Which signature one SenseCore connection sends, for its whole life. The default is the request-bound
 * scheme ({@code date host @request-target}; security review S2), which only one public client and a cut-off
 * page describe, while the date-only scheme is the one confirmed on the live gateway (sensecore-api.md
 * §8.3-8.4). So when the connection did not choose a scheme and the gateway answers 401 to the request-bound
 * signature, the same request is sent once more signed date-only; if that is accepted the connection signs
 * date-only from then on and says so once ({@link #notice}). A connection that chose a scheme
 * ({@code signature: request} or {@code date-only}) keeps it: it never falls back.
 */
final class SenseCoreSigning implements RequestSigner {

    private final Credentials credentials;
    private final boolean mayFallBack;
    private final String gateway;
    private final List<String> notices = new CopyOnWriteArrayList<>();
    private final List<Consumer<String>> sinks = new CopyOnWriteArrayList<>();
    private volatile SenseCoreHmacSigner signer;

    /**
     * @param mayFallBack whether the connection left the scheme to the client (no explicit setting)
     * @param gateway the gateway's host, as the notice names it
     */
    SenseCoreSigning(Credentials credentials, Scheme scheme, boolean mayFallBack, String gateway) {
        this.credentials = credentials;
        this.signer = new SenseCoreHmacSigner(credentials, scheme);
        this.mayFallBack = mayFallBack && scheme == Scheme.DATE_HOST_TARGET;
        this.gateway = gateway;
    }

    Scheme scheme() {
        return signer.scheme();
    }

    @Override
    public Request sign(Request request, Instant now) {
        return signer.sign(request, now);
    }

    /** A 401 (authentication, not a 403 on a resource) to the request-bound signature: try date-only once. */
    @Override
    public Optional<RequestSigner> fallbackAfter(PlatformException failure) {
        if (!mayFallBack
                || signer.scheme() != Scheme.DATE_HOST_TARGET
                || !(failure instanceof AuthenticationException)
                || failure.httpStatus() != 401) {
            return Optional.empty();
        }
        return Optional.of(new SenseCoreHmacSigner(credentials, Scheme.X_DATE));
    }

    @Override
    public void adopt(RequestSigner fallback) {
        if (!(fallback instanceof SenseCoreHmacSigner dateOnly)) {
            throw new IllegalArgumentException("not a SenseCore signer: " + fallback);
        }
        synchronized (this) {
            if (signer.scheme() == dateOnly.scheme()) {
                return; // another call adopted it first, and said so
            }
            signer = dateOnly;
            String said = notice(gateway);
            notices.add(said);
            sinks.forEach(s -> s.accept(said));
        }
    }

    /** The words every front end says once when a connection fell back, produced here so they are the same. */
    static String notice(String gateway) {
        return "the gateway at " + gateway + " refused the request-bound signature and accepted the date-only one;"
                + " set `signature: date-only` (trainjob: --sensecore-signature date-only) to skip the first try;"
                + " date-only headers can be replayed while their date is accepted";
    }

    List<String> notices() {
        return List.copyOf(notices);
    }

    /** {@code sink} is told every notice: those said already, at once, and each later one once. */
    void onNotice(Consumer<String> sink) {
        synchronized (this) {
            sinks.add(sink);
            notices.forEach(sink);
        }
    }

    @Override
    public String toString() {
        return "SenseCoreSigning{" + signer + ", mayFallBack=" + mayFallBack + "}";
    }
}
