package io.jenkins.plugins.trainingjob.core.platform.aihc;

import io.jenkins.plugins.trainingjob.core.internal.http.ApiCall;
import io.jenkins.plugins.trainingjob.core.internal.http.ApiResponse;
import io.jenkins.plugins.trainingjob.core.internal.http.ErrorDecoder;
import io.jenkins.plugins.trainingjob.core.internal.http.HttpStatusErrors;
import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisNotReadyException;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisPreCheckException;
import io.jenkins.plugins.trainingjob.core.platform.FailedCall;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.NotFoundException;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.QuotaExceededException;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads BCE error bodies ({@code {"code", "message", "requestId"}}, request id also in
 * {@code x-bce-request-id}) into the exception hierarchy. The code decides where it is known, the HTTP
 * status otherwise. A 200 carrying {@code DiagnosisReportNotFound} means "not ready yet".
 */
final class AihcErrorDecoder implements ErrorDecoder {

    public static final String REQUEST_ID_HEADER = "x-bce-request-id";
    public static final String DIAGNOSIS_NOT_READY = "DiagnosisReportNotFound";
    public static final String PRE_CHECK_ERROR = "PreCheckError";

    private static final Set<String> AUTH_CODES = Set.of(
            "AccessDenied",
            "InvalidAccessKeyId",
            "SignatureDoesNotMatch",
            "RequestExpired",
            "InvalidHTTPAuthHeader",
            "InvalidSessionToken");
    private static final Set<String> TRANSIENT_CODES =
            Set.of("InternalError", "ServiceUnavailable", "ServiceInternalError", "SystemBusy");
    /** {@code Invalid parameter: resourcePoolId} and the like name the field after the colon. */
    private static final Pattern FIELD =
            Pattern.compile("(?i)invalid\\s*param(?:eter)?s?\\s*[:=]?\\s*" + "([A-Za-z_][A-Za-z0-9_.\\[\\]-]{0,80})");

    private static final int MAX_MESSAGE = 300;

    private final TimeSource time;

    public AihcErrorDecoder(TimeSource time) {
        this.time = time;
    }

    @Override
    public PlatformException decode(ApiCall call, ApiResponse response) {
        String code = ConsoleText.strip(response.jsonText("code"), 100);
        if (response.isSuccessful()
                && (code.isEmpty() || response.json().has("result") && !code.equals(DIAGNOSIS_NOT_READY))) {
            return null;
        }
        String requestId = ConsoleText.strip(response.jsonText("requestId"), 100);
        if (requestId.isEmpty() && response.header(REQUEST_ID_HEADER) != null) {
            requestId = ConsoleText.strip(response.header(REQUEST_ID_HEADER), 100);
        }
        String message = ConsoleText.strip(response.jsonText("message"), MAX_MESSAGE);
        int status = response.status();
        FailedCall failed = new FailedCall(PlatformKind.AIHC, call.operation(), status, code, requestId);
        PlatformException known = byCode(failed, message);
        if (known != null) {
            return known;
        }
        if (status == 400 || status == 422 || (status == 200 && !code.isEmpty())) {
            return new InvalidRequestException(
                    failed,
                    message.isEmpty() ? HttpStatusErrors.describe(response) : message,
                    field(message),
                    code,
                    null);
        }
        return HttpStatusErrors.forStatus(PlatformKind.AIHC, call, response, code, requestId, message, time.now());
    }

    /** The exception the code names, where the code decides; {@code null} when only the status can. */
    private static PlatformException byCode(FailedCall failed, String message) {
        String code = failed.code();
        int status = failed.httpStatus();
        if (code.equals(DIAGNOSIS_NOT_READY)) {
            return new DiagnosisNotReadyException(
                    failed, orElse(message, "the diagnosis report is not ready yet"), null);
        }
        if (code.equals(PRE_CHECK_ERROR)) {
            return new DiagnosisPreCheckException(failed, orElse(message, "a pre-check before diagnosis failed"), null);
        }
        if (AUTH_CODES.contains(code)) {
            return new AuthenticationException(failed, orElse(message, "credentials refused"), null);
        }
        if (TRANSIENT_CODES.contains(code) && status != 429) {
            return new TransientException(failed, orElse(message, "platform error"), null);
        }
        String lower = code.toLowerCase(Locale.ROOT);
        if (lower.contains("quota")) {
            return new QuotaExceededException(failed, message, null);
        }
        if (status != 429 && (lower.contains("notfound") || lower.startsWith("nosuch"))) {
            return new NotFoundException(failed, message, null);
        }
        return null;
    }

    /**
     * Whether a create was refused because a job of that name exists in the pool: the simulator's (and, by
     * its wording, the platform's) {@code JobNameAlreadyExists}, or any refusal whose code or message says the
     * job already exists. The API reference lists no code for it, so the words decide; a refusal read so by
     * mistake only makes the flow try the create once more under another name, which creates nothing twice.
     */
    static boolean isNameTaken(InvalidRequestException refused) {
        String code = refused.code().toLowerCase(Locale.ROOT);
        String message = String.valueOf(refused.getMessage()).toLowerCase(Locale.ROOT);
        return code.contains("alreadyexist") || code.contains("already_exist") || message.contains("already exist");
    }

    private static String orElse(String message, String otherwise) {
        return message.isEmpty() ? otherwise : message;
    }

    private static String field(String message) {
        Matcher m = FIELD.matcher(message);
        return m.find() ? m.group(1) : "";
    }
}
