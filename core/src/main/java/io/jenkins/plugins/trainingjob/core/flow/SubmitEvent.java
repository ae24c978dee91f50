package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.core.text.DurationText;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What a submit did, as it did it: typed, so a front end may word an event its own way (Jenkins through
 * its {@code Messages}), and with {@link #message()}, the words both front ends print by default (remote
 * strings stripped of control characters). The watch's own progress comes as {@code MonitorEvent}s
 * ({@link SubmitListener#onWatchEvent}).
 */
public sealed interface SubmitEvent {

    /** One or more console lines (several only for {@link Planned}). */
    String message();

    /** Every target was judged and the order chosen: one line per target, then why the first won. */
    record Planned(List<String> lines) implements SubmitEvent {
        public Planned {
            lines = List.copyOf(lines);
        }

        @Override
        public String message() {
            return String.join("\n", lines);
        }
    }

    /**
     * Pre-flight judged the only target ({@code report} null when it could not: {@code note} says why). A
     * report whose verdict is NEVER_FITS or NEEDS_ADMIN is worth keeping with the build even when the job is
     * submitted.
     */
    record PreflightChecked(DiagnosisReport report, PreflightMode mode, boolean refused, String note)
            implements SubmitEvent {
        @Override
        public String message() {
            if (report == null) {
                return ConsoleText.strip("pre-flight: not checked (" + note + ")");
            }
            return ConsoleText.strip(Preflight.line(mode, report));
        }
    }

    /** The reuse look-up found nothing to return: what it could not see, one line each. */
    record ReuseMissed(ReusePolicy policy, List<String> notChecked, String skipped) implements SubmitEvent {
        public ReuseMissed {
            notChecked = List.copyOf(notChecked);
            skipped = skipped == null ? "" : skipped;
        }

        /** One line per thing said (each stripped of control characters), the skipped jobs first. */
        @Override
        public String message() {
            List<String> lines = new java.util.ArrayList<>();
            if (!skipped.isEmpty()) {
                lines.add("reuse " + policy.text() + ": " + ConsoleText.strip(skipped));
            }
            for (String n : notChecked) {
                lines.add("reuse " + policy.text() + ": found no job to reuse; not checked: " + ConsoleText.strip(n));
            }
            return String.join("\n", lines);
        }
    }

    /** Reuse returned an earlier job of the same spec instead of a submit. */
    record Reused(SpecReuse.Reused reused, Instant now) implements SubmitEvent {
        @Override
        public String message() {
            return ConsoleText.strip(reused.message(now));
        }
    }

    /** Attempt {@code attempt}'s token ({@code forAttempt(baseToken, attempt)}) is saved; its create follows. */
    record TokenSaved(int attempt, String target, String token, String baseToken) implements SubmitEvent {
        @Override
        public String message() {
            return ConsoleText.strip("attempt " + attempt + " (" + target + "): client token " + token);
        }
    }

    /**
     * Attempt {@code attempt} created (or its token found) {@code submitted}'s job; {@code several}: the
     * submit may take more than one attempt, so the line names the attempt.
     */
    record Submitted(int attempt, String target, IdempotentSubmitter.Submitted submitted, boolean several)
            implements SubmitEvent {
        public JobRef job() {
            return submitted.job();
        }

        @Override
        public String message() {
            if (!several) {
                return ConsoleText.strip(submitted.message());
            }
            return ConsoleText.strip("attempt " + attempt + " (" + target + "): "
                    + (submitted.alreadySubmitted() ? "found job " : "submitted job ")
                    + submitted.job().id()
                    + " (client token " + submitted.clientToken() + ")"
                    + (submitted.nameNote().isEmpty() ? "" : "; " + submitted.nameNote()));
        }
    }

    /**
     * A resumed or re-run submit goes on with attempt {@code attempt}'s job: {@code lookedUp} when its token
     * found it (its create may have been the last thing before a restart), else it was known already.
     */
    record Resumed(int attempt, String target, JobRef job, String token, boolean lookedUp) implements SubmitEvent {
        @Override
        public String message() {
            return ConsoleText.strip("resuming attempt " + attempt + " (" + target + "): job " + job.id()
                    + " under client token " + token);
        }
    }

    /** Attempt {@code attempt} cannot start where it is: its job is stopped before the next target is tried. */
    record Moving(int attempt, String target, JobRef job, String why, int nextNumber, String nextTarget)
            implements SubmitEvent {
        @Override
        public String message() {
            return ConsoleText.strip("attempt " + attempt + " (" + target + "): " + why + "; stopping job " + job.id()
                    + " before moving to target " + nextNumber + " (" + nextTarget + ")");
        }
    }

    /** The stop before a move was confirmed by the job's state. */
    record StopConfirmed(JobRef job, JobPhase phase) implements SubmitEvent {
        @Override
        public String message() {
            return ConsoleText.strip("stopped job " + job.id() + " (confirmed: " + phase + ")");
        }
    }

    /** The job started while being stopped for a move: it is kept, and no further target is tried. */
    record KeptStarted(JobRef job) implements SubmitEvent {
        @Override
        public String message() {
            return ConsoleText.strip(
                    "job " + job.id() + " started while being stopped: keeping it; no further " + "target is tried");
        }
    }

    /** The stop before a move could not be asked for or confirmed: nothing more is submitted. */
    record StopUnconfirmed(JobRef job, String why) implements SubmitEvent {
        @Override
        public String message() {
            return ConsoleText.strip(why);
        }
    }

    /** Attempt {@code attempt}'s job failed in a way the retry policy retries. */
    record Retrying(int attempt, String target, JobRef job, String why) implements SubmitEvent {
        @Override
        public String message() {
            return ConsoleText.strip("attempt " + attempt + " (" + target + "): job " + job.id() + " failed, " + why);
        }
    }

    /** Before the wait of a job pre-flight found only an administrator can unblock: it waits for someone to act. */
    record WaitNote(String note) implements SubmitEvent {
        @Override
        public String message() {
            return ConsoleText.strip(note);
        }
    }

    /** The wait starts: what it waits for, and until when the job may stay pending before a diagnosis. */
    record Waiting(JobRef job, boolean untilCompleted, Duration pendingTimeout) implements SubmitEvent {
        @Override
        public String message() {
            return ConsoleText.strip(
                    "waiting until job " + job.id() + (untilCompleted ? " has finished" : " is scheduled")
                            + " (pending timeout " + DurationText.exact(pendingTimeout) + ")");
        }
    }

    /** An interrupt reached the submit: what it does about the job (stop it, or leave it, plainly). */
    record Interrupting(String what) implements SubmitEvent {
        @Override
        public String message() {
            return ConsoleText.strip(what);
        }
    }

    /** The line a failed wait's clean-up printed: the job was stopped, or how to stop it. */
    record CleanedUp(String line) implements SubmitEvent {
        @Override
        public String message() {
            return ConsoleText.strip(line);
        }
    }
}
