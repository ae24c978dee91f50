package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.outcome.JobOutputs;
import io.jenkins.plugins.trainingjob.core.outcome.LogTail;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.outcome.OutcomeClass;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.report.Attempt;
import java.util.List;
import java.util.Map;

/**
 * How a submit ended: one document for every front end, which only presents it (the CLI prints and exits
 * with {@link #outcomeClass()}'s code, a Jenkins step returns or fails). Every attempt that was made is in
 * {@link #attempts()}, whatever ended the submit.
 *
 * @param ending which way it ended
 * @param clientToken the submit's token (attempt n's is {@code ClientToken.forAttempt(clientToken, n)})
 * @param attempts every attempt, in order
 * @param outcomes the watch outcome of each watched attempt, by number (the reports of attempts that moved)
 * @param outcome the last attempt's watch outcome; {@code null} when no wait ended (refused, not waited,
 *     failed before, interrupted before a watch)
 * @param job the job the submit ended with, the one left on the platform if any; {@code null} when none
 * @param target where {@code job} is
 * @param preflight the pre-flight report of the only target, or of the refusal; {@code null} when none
 * @param reused the {@code reused} document when an earlier job came back; {@code null} otherwise
 * @param error what ended a {@link Ending#FAILED} submit (a platform's refusal, a failed create or save)
 * @param errorClass the class of {@code error} when core can tell it better than its type (a quota refusal:
 *     still pending, or needs the administrator); {@code null}: by its type ({@link OutcomeClass#ofError})
 * @param end what the end of the wait did: the clean-up of a job the failed wait left, the state read after a
 *     stop, the outputs and the failing worker's last log lines; {@code null} when there was no wait
 * @param eta the last estimate of the last attempt's start; {@code null} when none was made
 * @param status the first status of a job not waited for ({@link Ending#SUBMITTED}); {@code null} otherwise
 */
public record SubmitResult(
        Ending ending,
        String clientToken,
        List<Attempt> attempts,
        Map<Integer, Outcome> outcomes,
        Outcome outcome,
        JobRef job,
        BoundTarget target,
        DiagnosisReport preflight,
        Map<String, String> reused,
        RuntimeException error,
        OutcomeClass errorClass,
        JobEnd end,
        Eta eta,
        JobStatus status) {

    /** Which way a submit ended. */
    public enum Ending {
        /** Pre-flight refused it before anything was created. */
        REFUSED,
        /** Created (or found) and not waited for. */
        SUBMITTED,
        /** Its last attempt's wait ended ({@link #outcome()}). */
        WAITED,
        /** An interrupt ended it; {@link #outcome()} says what happened to the job. */
        INTERRUPTED,
        /** A platform call, a save or a look-up failed and ended it ({@link #error()}). */
        FAILED,
        /** The monitor closed (a shutdown): nothing was decided, the saved state resumes it. */
        CLOSED
    }

    /**
     * What the end of a wait did and read.
     *
     * @param cleanup the clean-up of a job the failed wait left ({@link FailureCleanup}); {@code line} null when
     *     the wait left nothing
     * @param afterStop the job's state read after the clean-up stopped it; {@code null} when not stopped or
     *     unreadable
     * @param outputs the job's outputs read from its log; {@code null} when the job did not end
     * @param tail the failing worker's last log lines; {@code null} unless the job failed
     */
    public record JobEnd(FailureCleanup.Cleanup cleanup, JobStatus afterStop, JobOutputs outputs, LogTail tail) {
        public static final JobEnd NOTHING = new JobEnd(new FailureCleanup.Cleanup(null, false), null, null, null);
    }

    public SubmitResult {
        attempts = List.copyOf(attempts);
        outcomes = Map.copyOf(outcomes);
        reused = reused == null ? null : Map.copyOf(reused);
    }

    /** What the submit means for a pipeline: the CLI's exit code, the words of a Jenkins failure. */
    public OutcomeClass outcomeClass() {
        return switch (ending) {
            case REFUSED ->
                preflight != null && preflight.verdict() == Verdict.NEEDS_ADMIN
                        ? OutcomeClass.NEEDS_ADMIN
                        : OutcomeClass.NEVER_FITS;
            case SUBMITTED -> OutcomeClass.SUCCESS;
            case WAITED -> OutcomeClass.of(outcome);
            case INTERRUPTED, CLOSED -> OutcomeClass.INTERRUPTED;
            case FAILED -> errorClass != null ? errorClass : OutcomeClass.ofError(error);
        };
    }

    /** The number of the last attempt; 0 when none was made. */
    public int lastAttempt() {
        return attempts.isEmpty() ? 0 : attempts.get(attempts.size() - 1).number();
    }

    /** The attempts as result documents ({@link Attempt#toDocument()}). */
    public List<Map<String, Object>> attemptDocuments() {
        return attempts.stream().map(Attempt::toDocument).toList();
    }
}
