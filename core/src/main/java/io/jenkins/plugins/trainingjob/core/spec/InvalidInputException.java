package io.jenkins.plugins.trainingjob.core.spec;

import java.util.Objects;

/**
 * A value a person supplied (a spec field, a step parameter, a command-line option) breaks a rule. The
 * one type core throws for bad input: each front end maps it in one place (the CLI to exit code 2,
 * the plugin to an {@code AbortException} without a stack trace). {@link IllegalArgumentException}
 * stays for programming errors, which front ends show with their stack trace.
 */
public class InvalidInputException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String field;
    private final String reason;

    protected InvalidInputException(String field, String reason, String message) {
        super(message);
        this.field = Objects.requireNonNull(field, "field");
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    /** {@code field} is named as the user wrote it ({@code clientToken}, {@code --wait}, {@code spec.replicas}). */
    public static InvalidInputException of(String field, String reason) {
        return new InvalidInputException(field, reason, field + ": " + reason);
    }

    /**
     * For a message already worded in full: localised, or naming the field its own way ({@code connection
     * build-pool: credentialsId is required}). The message is kept as it is; the reason is the message
     * without a leading {@code field: }.
     */
    public static InvalidInputException worded(String field, String message) {
        return new InvalidInputException(field, reasonIn(field, message), message);
    }

    /** As {@link #worded(String, String)}, keeping what failed underneath (a parser's exception). */
    public static InvalidInputException worded(String field, String message, Throwable cause) {
        InvalidInputException e = worded(field, message);
        e.initCause(cause);
        return e;
    }

    /** {@code message} without a leading {@code field: }, for subclasses that word their own message. */
    protected static String reasonIn(String field, String message) {
        String prefix = field + ": ";
        return message != null && message.startsWith(prefix)
                ? message.substring(prefix.length())
                : String.valueOf(message);
    }

    /** The field, parameter or option that holds the value, as the user names it. */
    public String field() {
        return field;
    }

    /** The rule the value breaks, in words ({@code must be 1-63 letters, digits, ...}). */
    public String reason() {
        return reason;
    }
}
