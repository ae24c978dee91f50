package io.jenkins.plugins.trainingjob.cli;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.jenkins.plugins.trainingjob.core.testkit.ArchitectureRules;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The CLI is a front end: core's API only, no Jenkins, no package cycle. */
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

    @Test
    void knowsNoJenkins() {
        ArchitectureRules.knowsNoJenkins().check(cli);
    }

    @Test
    void noPackageCycle() {
        ArchitectureRules.noPackageCycles().check(cli);
    }
}
