package io.jenkins.plugins.trainingjob.core.internal.http;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.net.ssl.SSLSocketFactory;

/**
 * Bounds a TLS handshake, which OkHttp otherwise waits out for the whole read timeout: an HTTP server spoken
 * to over {@code https://} reads the ClientHello as the start of a request line and never answers (the
 * simulator, a local proxy), so a typo of the scheme cost 120 s of silence (review newcomer-release-3 P21).
 * The handshake is part of connecting: it gets the connect timeout, and on a loopback address, where a TLS
 * server answers within milliseconds, one second, until a handshake there has been seen to take longer (an
 * SSH tunnel to a far endpoint), when the origin gets the connect timeout too. OkHttp sets the socket's read
 * timeout for the exchange once the handshake is done.
 */
final class HandshakeTimeoutSocketFactory extends SSLSocketFactory {

    static final Duration LOOPBACK = Duration.ofSeconds(1);

    private final SSLSocketFactory delegate;
    private final Duration connectTimeout;
    private final Set<String> slow = ConcurrentHashMap.newKeySet();

    HandshakeTimeoutSocketFactory(SSLSocketFactory delegate, Duration connectTimeout) {
        this.delegate = delegate;
        this.connectTimeout = connectTimeout;
    }

    /** How long a handshake with {@code host:port} may take. */
    Duration timeoutFor(String host, int port) {
        return isLoopback(host) && !slow.contains(origin(host, port)) && LOOPBACK.compareTo(connectTimeout) < 0
                ? LOOPBACK
                : connectTimeout;
    }

    /** A handshake with {@code host:port} outlasted its bound and the endpoint is no plain HTTP: give it more. */
    void slow(String host, int port) {
        slow.add(origin(host, port));
    }

    private static String origin(String host, int port) {
        return host.toLowerCase(Locale.ROOT) + ":" + port;
    }

    /** A loopback literal or {@code localhost}: no name is resolved here. */
    static boolean isLoopback(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        if (h.equals("localhost") || h.equals("::1") || h.equals("[::1]") || h.equals("0:0:0:0:0:0:0:1")) {
            return true;
        }
        if (!h.matches("\\d{1,3}(\\.\\d{1,3}){3}")) {
            return false;
        }
        try {
            return InetAddress.getByName(h).isLoopbackAddress(); // a literal: parsed, not looked up
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public Socket createSocket(Socket s, String host, int port, boolean autoClose) throws IOException {
        Socket ssl = delegate.createSocket(s, host, port, autoClose);
        ssl.setSoTimeout((int) timeoutFor(host, port).toMillis());
        return ssl;
    }

    @Override
    public String[] getDefaultCipherSuites() {
        return delegate.getDefaultCipherSuites();
    }

    @Override
    public String[] getSupportedCipherSuites() {
        return delegate.getSupportedCipherSuites();
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return delegate.createSocket(host, port);
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return delegate.createSocket(host, port, localHost, localPort);
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return delegate.createSocket(host, port);
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        return delegate.createSocket(address, port, localAddress, localPort);
    }
}
