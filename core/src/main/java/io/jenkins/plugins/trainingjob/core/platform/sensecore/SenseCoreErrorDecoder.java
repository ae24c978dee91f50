package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.core.internal.http.ApiCall;
import io.jenkins.plugins.trainingjob.core.internal.http.ApiResponse;
import io.jenkins.plugins.trainingjob.core.internal.http.BodyExcerpt;
import io.jenkins.plugins.trainingjob.core.internal.http.ErrorDecoder;
import io.jenkins.plugins.trainingjob.core.internal.http.HttpStatusErrors;
import io.jenkins.plugins.trainingjob.core.platform.FailedCall;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.QuotaExceededException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads SenseCore's {@code google.rpc.Status}-like error body, {@code {code, message, details: [{reason,
 * ...}]}}, into the exception hierarchy. The machine-readable {@code details[].reason} (e.g.
 * {@code tjRequiredStartupScript}) becomes the exception's code and, for 400, its reason.
 *
 * <p>{@code MEMBER_QUOTA_EXCEEDED} is a quota refusal, not a rate limit, whatever status carries it
 * (sources disagree between 429 and 409): waiting and retrying would not help, the user must free quota.
 */
final class SenseCoreErrorDecoder implements ErrorDecoder {

    static final String MEMBER_QUOTA_EXCEEDED = "MEMBER_QUOTA_EXCEEDED";

    /** {@code google.rpc.Code} numbers, so that messages say {@code NOT_FOUND} instead of {@code 5}. */
    private static final Map<Integer, String> RPC_CODES = Map.ofEntries(
            Map.entry(1, "CANCELLED"),
            Map.entry(2, "UNKNOWN"),
            Map.entry(3, "INVALID_ARGUMENT"),
            Map.entry(4, "DEADLINE_EXCEEDED"),
            Map.entry(5, "NOT_FOUND"),
            Map.entry(6, "ALREADY_EXISTS"),
            Map.entry(7, "PERMISSION_DENIED"),
            Map.entry(8, "RESOURCE_EXHAUSTED"),
            Map.entry(9, "FAILED_PRECONDITION"),
            Map.entry(10, "ABORTED"),
            Map.entry(11, "OUT_OF_RANGE"),
            Map.entry(12, "UNIMPLEMENTED"),
            Map.entry(13, "INTERNAL"),
            Map.entry(14, "UNAVAILABLE"),
            Map.entry(15, "DATA_LOSS"),
            Map.entry(16, "UNAUTHENTICATED"));

    /** Response headers that may carry the gateway's request id, in order of preference. */
    private static final List<String> REQUEST_ID_HEADERS =
            List.of("X-Request-Id", "X-Sensecore-Request-Id", "Request-Id", "X-Trace-Id");

    private final TimeSource time;

    public SenseCoreErrorDecoder(TimeSource time) {
        this.time = time;
    }

    /** The parts of an error body, each empty when absent. */
    record ErrorBody(String rpcCode, String message, List<String> reasons, String field) {

        static ErrorBody of(JsonNode json) {
            if (json == null || !json.isObject()) {
                return new ErrorBody("", "", List.of(), "");
            }
            JsonNode codeNode = json.path("code");
            String code = codeNode.isInt()
                    ? RPC_CODES.getOrDefault(codeNode.asInt(), codeNode.asText())
                    : WireValues.text(json, "code");
            List<String> reasons = new ArrayList<>();
            String field = "";
            for (JsonNode d : WireValues.array(json, "details")) {
                String reason = WireValues.text(d, "reason");
                if (!reason.isEmpty()) {
                    reasons.add(reason);
                }
                if (field.isEmpty()) {
                    field = WireValues.text(d, "field");
                }
                for (JsonNode v : WireValues.array(d, "field_violations")) {
                    if (field.isEmpty()) {
                        field = WireValues.text(v, "field");
                    }
                }
                for (JsonNode v : WireValues.array(d, "fieldViolations")) {
                    if (field.isEmpty()) {
                        field = WireValues.text(v, "field");
                    }
                }
            }
            return new ErrorBody(code, WireValues.text(json, "message", "error"), List.copyOf(reasons), field);
        }

        /** The most specific code: the first detail reason, else the rpc code. */
        String code() {
            return reasons.isEmpty() ? rpcCode : reasons.get(0);
        }

        boolean mentions(String marker) {
            return rpcCode.equals(marker) || reasons.contains(marker) || message.contains(marker);
        }
    }

    @Override
    public PlatformException decode(ApiCall call, ApiResponse response) {
        if (response.isSuccessful()) {
            return null;
        }
        int status = response.status();
        ErrorBody body = ErrorBody.of(response.json());
        String requestId = requestId(response);
        String message = body.message().isEmpty() ? "" : BodyExcerpt.of(body.message());
        if (status >= 400 && status < 500 && body.mentions(MEMBER_QUOTA_EXCEEDED)) {
            return new QuotaExceededException(
                    new FailedCall(PlatformKind.SENSECORE, call.operation(), status, MEMBER_QUOTA_EXCEEDED, requestId),
                    (message.isEmpty() ? "the member or workspace quota is used up" : message)
                            + "; free quota (stop other jobs) or ask for more, then submit again",
                    null);
        }
        if (status == 400 || status == 422 || status == 409) {
            String reason = body.reasons().isEmpty()
                    ? (status == 409 ? body.rpcCode() : "")
                    : body.reasons().get(0);
            return new InvalidRequestException(
                    new FailedCall(PlatformKind.SENSECORE, call.operation(), status, body.code(), requestId),
                    message.isEmpty() ? HttpStatusErrors.describe(response) : message,
                    body.field(),
                    reason,
                    null);
        }
        return HttpStatusErrors.forStatus(
                PlatformKind.SENSECORE, call, response, body.code(), requestId, message, time.now());
    }

    /** Whether a create failed because a job of that name already exists (HTTP 409 or {@code ALREADY_EXISTS}). */
    static boolean isAlreadyExists(PlatformException e) {
        if (e instanceof QuotaExceededException) {
            return false;
        }
        String msg = e.getMessage() == null ? "" : e.getMessage().toLowerCase(Locale.ROOT);
        return e.httpStatus() == 409 || e.code().equals("ALREADY_EXISTS") || msg.contains("already exist");
    }

    private static String requestId(ApiResponse response) {
        for (String h : REQUEST_ID_HEADERS) {
            String v = response.header(h);
            if (v != null && !v.isBlank()) {
                return BodyExcerpt.of(v);
            }
        }
        return response.jsonText("request_id");
    }
}
