package io.jenkins.plugins.trainingjob.steps;

import hudson.FilePath;
import io.jenkins.plugins.trainingjob.ConnectionBinding;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.report.ConsoleText;
import java.io.IOException;

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
}
