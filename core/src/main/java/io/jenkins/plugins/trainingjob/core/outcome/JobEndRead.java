package io.jenkins.plugins.trainingjob.core.outcome;

/**
 * What the end of a wait read from the job's log ({@code core.monitor.WorkerLogReader#read}).
 *
 * @param outputs the declared outputs of a job that ended (completed or failed), else {@code null}
 * @param tail the failing worker's last lines of a job that failed, else {@code null}
 */
public record JobEndRead(JobOutputs outputs, LogTail tail) {

    /** Nothing read: the wait did not end with the job's end. */
    public static final JobEndRead NOTHING = new JobEndRead(null, null);
}
