package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;

/** The diagnosis report is not ready yet (AIHC {@code DiagnosisReportNotFound}, sent with HTTP 200): poll again. */
public class DiagnosisNotReadyException extends PlatformException {
    private static final long serialVersionUID = 1L;

    public DiagnosisNotReadyException(
            PlatformKind platform,
            String operation,
            int httpStatus,
            String code,
            String requestId,
            String message,
            Throwable cause) {
        super(platform, operation, httpStatus, code, requestId, message, cause);
    }

    @Override
    public boolean isRetryable() {
        return true;
    }
}
