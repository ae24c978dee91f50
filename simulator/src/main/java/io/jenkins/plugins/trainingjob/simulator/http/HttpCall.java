package io.jenkins.plugins.trainingjob.simulator.http;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One request and its single response. Wraps {@link HttpExchange} so that handlers see decoded path
 * segments and query parameters, and so that faults (truncate, drop) apply to whatever they answer.
 */
public final class HttpCall {
    private final HttpExchange exchange;
    private final String method;
    private final String rawPath;
    private final String rawQuery;
    private final List<String> segments;
    private final Map<String, String> query;
    private byte[] body;
    private boolean truncate;
    private boolean responded;

    public HttpCall(HttpExchange exchange) {
        this.exchange = exchange;
        this.method = exchange.getRequestMethod().toUpperCase(java.util.Locale.ROOT);
        String p = exchange.getRequestURI().getRawPath();
        this.rawPath = p == null || p.isEmpty() ? "/" : p;
        this.rawQuery = exchange.getRequestURI().getRawQuery();
        List<String> segs = new ArrayList<>();
        for (String s : rawPath.split("/")) {
            if (!s.isEmpty()) {
                segs.add(decode(s));
            }
        }
        this.segments = List.copyOf(segs);
        this.query = parseQuery(rawQuery);
    }

    static String decode(String s) {
        return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    static Map<String, String> parseQuery(String raw) {
        Map<String, String> q = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return q;
        }
        for (String pair : raw.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String k = eq < 0 ? pair : pair.substring(0, eq);
            String v = eq < 0 ? "" : pair.substring(eq + 1);
            q.putIfAbsent(URLDecoder.decode(k, StandardCharsets.UTF_8), URLDecoder.decode(v, StandardCharsets.UTF_8));
        }
        return q;
    }

    public String method() {
        return method;
    }

    /** The path as sent, still percent-encoded. */
    public String rawPath() {
        return rawPath;
    }

    /** The query as sent, or {@code null}. */
    public String rawQuery() {
        return rawQuery;
    }

    /** Decoded path segments, empty ones dropped. */
    public List<String> segments() {
        return segments;
    }

    /** Decoded query parameters (first value of each). */
    public Map<String, String> query() {
        return query;
    }

    public String query(String name) {
        return query.get(name);
    }

    public String header(String name) {
        return exchange.getRequestHeaders().getFirst(name);
    }

    com.sun.net.httpserver.Headers exchangeHeaders() {
        return exchange.getRequestHeaders();
    }

    public boolean fromLoopback() {
        InetAddress a = exchange.getRemoteAddress().getAddress();
        return a != null && a.isLoopbackAddress();
    }

    public byte[] body() {
        if (body == null) {
            try {
                body = exchange.getRequestBody().readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return body;
    }

    /** The next response declares its full length but only half of it is sent before the connection closes. */
    void truncateResponse() {
        truncate = true;
    }

    public boolean responded() {
        return responded;
    }

    public void respond(int status, String contentType, byte[] payload, Map<String, String> headers) {
        if (responded) {
            return;
        }
        responded = true;
        try {
            if (headers != null) {
                headers.forEach((k, v) -> exchange.getResponseHeaders().set(k, v));
            }
            if (contentType != null) {
                exchange.getResponseHeaders().set("Content-Type", contentType);
            }
            if (truncate && payload.length > 1) {
                exchange.sendResponseHeaders(status, payload.length);
                OutputStream out = exchange.getResponseBody();
                out.write(payload, 0, payload.length / 2);
                out.flush();
                // Closing the raw connection rather than the stream: the client sees a body cut short.
                drop();
                return;
            }
            exchange.sendResponseHeaders(status, payload.length == 0 ? -1 : payload.length);
            if (payload.length > 0) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(payload);
                }
            }
        } catch (IOException e) {
            // The client went away; nothing left to tell it.
        } finally {
            exchange.close();
        }
    }

    /** Closes the connection without (the rest of) a response. */
    void drop() {
        responded = true;
        exchange.close();
        try {
            exchange.getResponseBody().close();
        } catch (IOException | RuntimeException ignored) {
            // already closed
        }
    }

    void close() {
        exchange.close();
    }
}
