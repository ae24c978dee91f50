package io.jenkins.plugins.trainingjob.cli;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.jenkins.plugins.trainingjob.core.testkit.ArchitectureRules;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The CLI is a front end: core's API only, no platform client by name, no Jenkins, no package cycle. */
class ArchitectureTest {

    private static JavaClasses cli;

    @BeforeAll
    static void importCli() {
        cli = ArchitectureRules.mainClassesOfThisModule();
    }

    @Test
    void usesOnlyCoresApi() {
        ArchitectureRules.usesNoInternalPackageOfCore().check(cli);
    }

    /**
     * Two classes still name a client (review code-quality-2 §2.1): {@code SavedDiagnosis} reads a saved
     * AIHC response with AIHC's parser, {@code SubmitCommand} asks SenseCore's job-name rule which find
     * command to print. Both move behind the platform API next round; no other class may join them.
     */
    @Test
    void namesNoPlatformClient() {
        ArchitectureRules.namesNoPlatformClient(SavedDiagnosis.class, SubmitCommand.class).check(cli);
    }

    @Test
    void knowsNoJenkins() {
        ArchitectureRules.knowsNoJenkins().check(cli);
    }

    @Test
    void noPackageCycle() {
        ArchitectureRules.noPackageCycles().check(cli);
    }
}
