package io.jenkins.plugins.trainingjob.core.platform;

/**
 * A create whose answer was lost (timeout, reset, cut body, 5xx after the request left) and whose job
 * the look-ups by client token did not find within their window. The job may still appear: the message
 * says so, and {@link #clientToken()} is what finds it later.
 */
public class UncertainCreateException extends TransientException {
    private static final long serialVersionUID = 1L;

    private final String clientToken;
    private final String jobName;

    UncertainCreateException(FailedCall call, String message, String clientToken, String jobName, Throwable cause) {
        super(call, message, cause);
        this.clientToken = clientToken;
        this.jobName = jobName == null ? "" : jobName;
    }

    /**
     * After {@code lost}, the failure of the create (or of its retry), and the look-ups that did not find
     * the job: status, code and request id are the lost answer's, which becomes the cause.
     *
     * @param clientToken the token the job would carry, or {@code null} when the job is known by name only
     */
    static UncertainCreateException after(TransientException lost, String message, String clientToken, String jobName) {
        return new UncertainCreateException(lost.call(), message, clientToken, jobName, lost);
    }

    /** The token the job carries, if it was created after all. */
    public String clientToken() {
        return clientToken;
    }

    /** The name the job would have ("" when the platform would have chosen one). */
    public String jobName() {
        return jobName;
    }
}
