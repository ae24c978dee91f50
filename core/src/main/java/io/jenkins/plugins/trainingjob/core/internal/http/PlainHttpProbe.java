package io.jenkins.plugins.trainingjob.core.internal.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/**
 * Asks an endpoint whose TLS handshake failed whether it speaks plain HTTP: one {@code HEAD / HTTP/1.0} on a
 * fresh connection, and the status line if the answer starts with {@code HTTP/}. An answer in HTTP is
 * proof that the scheme is wrong; anything else (a TLS alert, silence, a closed connection) proves nothing,
 * and the failure stays the transient one it was. Nothing signed or secret is sent, and only a direct
 * connection is probed (through a proxy the handshake's failure means something else).
 */
final class PlainHttpProbe {

    /** How long to wait for the answer once connected: an HTTP server answers a HEAD at once. */
    static final Duration ANSWER = Duration.ofSeconds(1);

    private PlainHttpProbe() {}

    /**
     * @param address where the handshake went, resolved by the client's own {@code Dns} (so the probe goes
     *     nowhere the client itself may not)
     */
    static Optional<String> statusLine(InetAddress address, String host, int port, Duration connectTimeout) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, port), (int) connectTimeout.toMillis());
            socket.setSoTimeout((int) ANSWER.toMillis());
            socket.getOutputStream()
                    .write(("HEAD / HTTP/1.0\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            InputStream in = socket.getInputStream();
            byte[] buf = new byte[64];
            int n = 0;
            while (n < buf.length) {
                int r = in.read(buf, n, buf.length - n);
                if (r < 0) {
                    break;
                }
                n += r;
                if (new String(buf, 0, n, StandardCharsets.US_ASCII).contains("\n")) {
                    break;
                }
            }
            String answer = new String(buf, 0, n, StandardCharsets.US_ASCII);
            if (!answer.startsWith("HTTP/")) {
                return Optional.empty();
            }
            int end = answer.indexOf('\r') >= 0 ? answer.indexOf('\r') : answer.indexOf('\n');
            String line = end >= 0 ? answer.substring(0, end) : answer;
            return Optional.of(line.replaceAll("[^\\x20-\\x7e]", "").strip());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
