/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/model/Job.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.model;

public abstract class Job<JobT extends Job<JobT, RunT>, RunT extends Run<JobT, RunT>> extends Actionable {
    Job() {}

    public RunT getLastBuild() {
        throw new UnsupportedOperationException("stub");
    }

    public RunT getLastCompletedBuild() {
        throw new UnsupportedOperationException("stub");
    }

    public RunT getLastSuccessfulBuild() {
        throw new UnsupportedOperationException("stub");
    }
}
