package io.jenkins.plugins.trainingjob.core.outcome;

/**
 * Which way a watch ended, one constant per {@link Outcome} type. Front ends switch on it (exit codes,
 * step results), and Java 17 refuses a switch expression that leaves a kind out, so a new outcome cannot
 * fall into a fallback branch unnoticed. The lower-case names ({@code job_failed}) are the CLI's JSON
 * {@code outcome} values.
 */
public enum OutcomeKind {
    SCHEDULED,
    COMPLETED,
    JOB_FAILED,
    UNSCHEDULABLE,
    TIMED_OUT,
    NOT_STARTED_IN_BUDGET,
    CANCELLED,
    PLATFORM_ERROR
}
