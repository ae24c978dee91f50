package io.jenkins.plugins.trainingjob;

import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import java.util.Map;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/** Turns a spec file's text into a validated {@link JobSpec}; errors name the file and the field. */
@FunctionalInterface
@Restricted(NoExternalUse.class)
public interface SpecLoader {
    /**
     * @param sourceName how errors name the spec (the file path, or {@code specText})
     * @param variables values for {@code ${name}} placeholders
     * @throws io.jenkins.plugins.trainingjob.core.spec.InvalidSpecException when the spec is invalid
     */
    JobSpec load(String text, String sourceName, Map<String, String> variables);
}
