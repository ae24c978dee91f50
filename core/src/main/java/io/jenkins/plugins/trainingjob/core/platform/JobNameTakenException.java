package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.text.ConsoleText;

/**
 * A create refused because a job of that name exists already (AIHC {@code JobNameAlreadyExists}, SenseCore
 * {@code ALREADY_EXISTS}), and the client's look-up by token did not find it to be this submission's: the
 * submit flow creates the job again under the name {@link JobNames#whenTaken} gives it.
 */
public class JobNameTakenException extends InvalidRequestException {
    private static final long serialVersionUID = 1L;

    private final String name;

    private JobNameTakenException(InvalidRequestException refusal, String name, String message) {
        super(refusal.call(), message, "name", refusal.reason(), refusal);
        this.name = name;
    }

    /** The platform's {@code refusal} of a create of a job named {@code name}, in these words. */
    public static JobNameTakenException of(InvalidRequestException refusal, String name, String where) {
        return new JobNameTakenException(
                refusal, name, "a job named '" + ConsoleText.strip(name) + "' already exists in " + where);
    }

    /** The name another job has. */
    public String name() {
        return name;
    }
}
