package io.jenkins.plugins.trainingjob;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.jenkins.plugins.trainingjob.core.testkit.ArchitectureRules;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The plugin is a front end: core's API only, no simulator or picocli outside tests, and its own
 * packages import one way: the root (connections, configuration, service) below {@code report} (the
 * build page) below {@code steps}. Reads the classes this module compiled from {@code plugin/src/main}.
 */
class ArchitectureTest {

    private static final String ROOT = "io.jenkins.plugins.trainingjob";

    private static JavaClasses plugin;

    @BeforeAll
    static void importPlugin() {
        plugin = ArchitectureRules.mainClassesOfThisModule();
    }

    @Test
    void usesOnlyCoresApi() {
        ArchitectureRules.usesNoInternalPackageOfCore().check(plugin);
    }

    @Test
    void namesNoPlatformClient() {
        ArchitectureRules.namesNoPlatformClient().check(plugin);
    }

    @Test
    void knowsNeitherTheSimulatorNorTheCli() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(ROOT + ".simulator..", ROOT + ".cli..", "picocli..")
                .check(plugin);
    }

    @Test
    void theRootAndTheReportPageKnowNoStep() {
        noClasses()
                .that()
                .resideInAnyPackage(ROOT, ROOT + ".report..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage(ROOT + ".steps..")
                .check(plugin);
        noClasses()
                .that()
                .resideInAPackage(ROOT)
                .should()
                .dependOnClassesThat()
                .resideInAPackage(ROOT + ".report..")
                .check(plugin);
    }

    @Test
    void noPackageCycle() {
        ArchitectureRules.noPackageCycles().check(plugin);
    }
}
