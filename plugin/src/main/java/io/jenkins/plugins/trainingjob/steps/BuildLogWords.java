package io.jenkins.plugins.trainingjob.steps;

import hudson.model.Run;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.core.flow.SubmitEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.io.PrintStream;

/**
 * What a build log says for the submit flow's events, for the Pipeline steps and the freestyle builder alike:
 * core's words, except where Jenkins has its own (the submit line, a resume after a restart).
 */
final class BuildLogWords {

    private BuildLogWords() {}

    /** The line for {@code event}; {@code severalAttempts}: fallbacks or retries, where core's lines say more. */
    static String line(SubmitEvent event, boolean severalAttempts) {
        if (event instanceof SubmitEvent.Submitted s
                && !s.several()
                && !s.submitted().alreadySubmitted()) {
            JobRef j = s.job();
            String note = s.submitted().nameNote();
            return Messages.Step_Submitted(
                            j.platform().displayName(), ConsoleText.strip(j.name()), ConsoleText.strip(j.id()))
                    + (note.isEmpty() ? "" : " (" + note + ")");
        }
        if (event instanceof SubmitEvent.Resumed r && !severalAttempts) {
            String platform = r.job().platform().displayName();
            String id = ConsoleText.strip(r.job().id());
            return r.lookedUp() ? Messages.Step_FoundAfterRestart(platform, id) : Messages.Step_Resuming(platform, id);
        }
        return event.message();
    }

    /**
     * Writes {@code event}'s line, and after a pre-flight that let a doubtful job through (NEVER_FITS,
     * NEEDS_ADMIN with pre-flight on warn) its report: the person reads why before the wait begins.
     */
    static void write(SubmitEvent event, boolean severalAttempts, Run<?, ?> run, PrintStream log) {
        log.println(line(event, severalAttempts));
        if (event instanceof SubmitEvent.PreflightChecked p && p.report() != null && !p.refused()) {
            switch (p.report().verdict()) {
                case NEVER_FITS, NEEDS_ADMIN -> StepOutcome.report(p.report(), run, log);
                default -> {}
            }
        }
    }
}
