package io.jenkins.plugins.trainingjob.cli;

/**
 * A failure the CLI reports as one line with a given exit code: bad input (a missing file, an unknown
 * platform, no credentials) or a wait that ended badly.
 */
public final class CliException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int exitCode;

    public CliException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public CliException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    public static CliException invalidInput(String message) {
        return new CliException(ExitCode.INVALID_INPUT, message);
    }

    public int exitCode() {
        return exitCode;
    }
}
