package io.jenkins.plugins.trainingjob.core.internal.http;

import okhttp3.Call;
import okhttp3.EventListener;
import okhttp3.Handshake;

/**
 * Whether a call's failure came during a TLS handshake, from OkHttp's own events (started, never ended), so
 * {@link CallExecutor} tells a handshake nobody answered from a slow API answer: both are a read timeout.
 * One per request, carried as its tag.
 */
final class HandshakeWatch {

    private volatile boolean started;
    private volatile boolean ended;

    /** A TLS handshake began and did not complete. */
    boolean failedInHandshake() {
        return started && !ended;
    }

    /** The listener OkHttp calls, which records into the request's watch (if it has one). */
    static final EventListener.Factory EVENTS = call -> new EventListener() {
        @Override
        public void secureConnectStart(Call c) {
            HandshakeWatch w = c.request().tag(HandshakeWatch.class);
            if (w != null) {
                w.started = true;
                w.ended = false;
            }
        }

        @Override
        public void secureConnectEnd(Call c, Handshake handshake) {
            HandshakeWatch w = c.request().tag(HandshakeWatch.class);
            if (w != null) {
                w.ended = true;
            }
        }
    };
}
