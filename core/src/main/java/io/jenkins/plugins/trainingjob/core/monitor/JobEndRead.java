package io.jenkins.plugins.trainingjob.core.monitor;

/**
 * What the end of a wait read from the job's log ({@link WorkerLogReader#read}).
 *
 * @param outputs the declared outputs of a job that ended (completed or failed), else {@code null}
 * @param tail the failing worker's last lines of a job that failed, else {@code null}
 */
public record JobEndRead(JobOutputs outputs, WorkerLogReader.LogTail tail) {

    /** Nothing read: the wait did not end with the job's end. */
    static final JobEndRead NOTHING = new JobEndRead(null, null);
}
