package io.jenkins.plugins.trainingjob.simulator.cluster;

/** A create that would take a workspace past its reserved quota; the job was not admitted. */
public final class QuotaRefusedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public QuotaRefusedException(String message) {
        super(message);
    }
}
