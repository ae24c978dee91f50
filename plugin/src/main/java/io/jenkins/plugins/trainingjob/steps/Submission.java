package io.jenkins.plugins.trainingjob.steps;

import hudson.AbortException;
import hudson.FilePath;
import hudson.model.Run;
import io.jenkins.plugins.trainingjob.ConnectionBinding;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.monitor.Preflight;
import io.jenkins.plugins.trainingjob.core.monitor.PreflightMode;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.report.ConsoleText;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import java.io.IOException;
import java.io.PrintStream;

/** What {@code submitTrainingJob} and the freestyle builder do alike around the submit call. */
final class Submission {
    private Submission() {
    }

    /** Reads the spec file {@code path} of the workspace; a missing file is bad input naming the path. */
    static String readSpec(FilePath workspace, String path) throws IOException, InterruptedException {
        FilePath file = workspace.child(path);
        if (!file.exists()) {
            throw new IllegalArgumentException(Messages.Step_SpecNotFound(path));
        }
        return file.readToString();
    }

    /** The build log's line for a job just created. */
    static String submittedLine(ConnectionBinding binding, JobRef job) {
        return Messages.Step_Submitted(binding.platform().displayName(), ConsoleText.strip(job.name()),
                ConsoleText.strip(job.id()));
    }

    /**
     * The pre-flight check before the create call ({@code mode}: {@code true}, {@code false} or {@code warn}).
     * Prints its one line; a job that can never fit gets its report printed and archived, and with
     * {@code true} the step fails with the report's headline before anything is created.
     */
    static void preflight(TrainingPlatform client, JobSpec spec, String mode, Run<?, ?> run, PrintStream log)
            throws AbortException {
        PreflightMode m = PreflightMode.parse(mode, "preflight");
        if (m == PreflightMode.OFF) {
            return;
        }
        DiagnosisReport report = Preflight.check(client, spec);
        log.println(ConsoleText.strip(Preflight.line(m, report)));
        if (report.verdict() != Verdict.NEVER_FITS) {
            return;
        }
        StepOutcome.report(report, run, log);
        if (Preflight.refuses(m, report)) {
            throw new AbortException(ConsoleText.strip(report.headline()));
        }
    }
}
