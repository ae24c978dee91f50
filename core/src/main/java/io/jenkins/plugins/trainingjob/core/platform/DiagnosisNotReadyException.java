package io.jenkins.plugins.trainingjob.core.platform;

/** The diagnosis report is not ready yet (AIHC {@code DiagnosisReportNotFound}, sent with HTTP 200): poll again. */
public class DiagnosisNotReadyException extends PlatformException {
    private static final long serialVersionUID = 1L;

    public DiagnosisNotReadyException(FailedCall call, String message, Throwable cause) {
        super(call, message, cause);
    }

    @Override
    public boolean isRetryable() {
        return true;
    }
}
