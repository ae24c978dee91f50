package io.jenkins.plugins.trainingjob.report;

import hudson.model.InvisibleAction;
import hudson.model.Run;
import io.jenkins.plugins.trainingjob.core.report.Attempt;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import jenkins.model.RunAction2;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * The attempts of one submit that took more than one (fallback targets, retries), on the build page (its
 * summary), whether or not any of them was diagnosed (review R11): the diagnosis page lists them too, but a
 * retry-only submit, or one whose attempts never stayed pending, has none. One action per such submit, so the
 * parallel branches of a sweep each show theirs. Rows are {@link ScheduleDiagnosisAction.AttemptRow}s, the
 * diagnosis page's, so both say the same.
 */
public class AttemptsAction extends InvisibleAction implements RunAction2 {
    private final String clientToken;
    private final String target;
    private final List<ScheduleDiagnosisAction.AttemptRow> attempts;

    private AttemptsAction(String clientToken, String target, List<ScheduleDiagnosisAction.AttemptRow> attempts) {
        this.clientToken = clientToken;
        this.target = target;
        this.attempts = attempts;
    }

    /**
     * Shows the attempts of a submit on the build page when there was more than one, and saves the build (a
     * failed save waits for the build's own).
     *
     * @param clientToken the submit's base token, which names it in the log and the step's result
     */
    @Restricted(NoExternalUse.class)
    public static void record(Run<?, ?> run, String clientToken, List<Attempt> attempts) {
        if (attempts == null || attempts.size() < 2) {
            return;
        }
        List<ScheduleDiagnosisAction.AttemptRow> rows = new ArrayList<>();
        attempts.forEach(a -> rows.add(new ScheduleDiagnosisAction.AttemptRow(a)));
        String last = ConsoleText.strip(attempts.get(attempts.size() - 1).target());
        run.addAction(new AttemptsAction(ConsoleText.strip(clientToken == null ? "" : clientToken), last, rows));
        try {
            run.save();
        } catch (IOException e) {
            // the build saves its actions again when it ends
        }
    }

    /** The submit's base token. */
    public String getClientToken() {
        return clientToken;
    }

    /** Where the last attempt went, in the step's words ({@code primary}, {@code queue=spot}). */
    public String getTarget() {
        return target;
    }

    /** Every attempt, first first. */
    public List<ScheduleDiagnosisAction.AttemptRow> getAttempts() {
        return attempts == null ? List.of() : List.copyOf(attempts);
    }

    @Override
    public void onAttached(Run<?, ?> r) {}

    @Override
    public void onLoad(Run<?, ?> r) {}
}
