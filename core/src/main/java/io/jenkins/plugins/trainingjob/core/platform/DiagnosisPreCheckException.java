package io.jenkins.plugins.trainingjob.core.platform;

/** AIHC refused to launch a diagnosis ({@code PreCheckError}): the job has not queued long enough, is not queued, or the scheduler or queue failed a check. The platform's reason is in the message. */
public class DiagnosisPreCheckException extends PlatformException {
    private static final long serialVersionUID = 1L;

    public DiagnosisPreCheckException(FailedCall call, String message, Throwable cause) {
        super(call, message, cause);
    }
}
