package io.jenkins.plugins.trainingjob.simulator.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.util.Map;

/**
 * The one handler behind every path: admin calls go to {@link AdminApi}; platform calls first meet the
 * fault injector, then the platform API ({@code /api/v1/...} AIHC, {@code /compute/...} SenseCore).
 */
public final class Dispatcher implements HttpHandler {
    private final AdminApi admin;
    private final PlatformApi aihc;
    private final PlatformApi senseCore;
    private final FaultInjector faults;

    public Dispatcher(AdminApi admin, PlatformApi aihc, PlatformApi senseCore, FaultInjector faults) {
        this.admin = admin;
        this.aihc = aihc;
        this.senseCore = senseCore;
        this.faults = faults;
    }

    @Override
    public void handle(HttpExchange exchange) {
        HttpCall call = new HttpCall(exchange);
        try {
            String path = call.rawPath();
            if (path.startsWith("/_sim/")) {
                admin.handle(call);
                return;
            }
            PlatformApi api = path.startsWith("/api/") ? aihc : path.startsWith("/compute/") ? senseCore : null;
            if (api == null) {
                call.respond(404, Json.CONTENT_TYPE, Json.bytes(Json.object().put("error", "no API at " + path)), null);
                return;
            }
            FaultRule fault = faults.match(call.method(), path);
            if (fault != null && !applyFault(fault, call, api)) {
                return;
            }
            api.handle(call);
        } catch (RuntimeException | Error e) {
            if (!call.responded()) {
                call.respond(
                        500,
                        Json.CONTENT_TYPE,
                        Json.bytes(Json.object()
                                .put("code", "InternalError")
                                .put(
                                        "message",
                                        "Internal error: " + e.getClass().getSimpleName())),
                        null);
            }
        } finally {
            call.close();
        }
    }

    /** Applies the fault; {@code true} when the request should then be answered normally. */
    private static boolean applyFault(FaultRule f, HttpCall call, PlatformApi api) {
        switch (f.kind()) {
            case LATENCY -> {
                try {
                    Thread.sleep(f.latencyMs());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return true;
            }
            case ERROR -> {
                int status = f.status() == null ? 503 : f.status();
                api.sendError(
                        call,
                        new ApiException(
                                status,
                                status >= 500 ? "ServiceUnavailable" : "InjectedFault",
                                "",
                                "injected fault: HTTP " + status,
                                null));
                return false;
            }
            case RATE_LIMIT -> {
                int after = f.retryAfterSeconds() == null ? 1 : f.retryAfterSeconds();
                api.sendError(
                        call,
                        new ApiException(
                                f.status() == null ? 429 : f.status(),
                                "TooManyRequests",
                                "",
                                "injected fault: rate limited",
                                Map.of("Retry-After", Integer.toString(after))));
                return false;
            }
            case DROP -> {
                call.drop();
                return false;
            }
            case TRUNCATE -> {
                call.truncateResponse();
                return true;
            }
            default -> throw new IllegalStateException("unknown fault kind " + f.kind());
        }
    }
}
