package io.jenkins.plugins.trainingjob.simulator;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.jenkins.plugins.trainingjob.core.testkit.ArchitectureRules;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The simulator's packages import one way: the root package (Simulator, Scenario, the main class) assembles
 * http and cluster; http serves the platforms' APIs over cluster and reads scenario's declarations; cluster
 * and scenario import nothing of the simulator above them. Core's API only, no Jenkins.
 */
class ArchitectureTest {

    private static final String ROOT = "io.jenkins.plugins.trainingjob.simulator";

    private static JavaClasses simulator;

    @BeforeAll
    static void importSimulator() {
        simulator = ArchitectureRules.mainClassesOfThisModule();
    }

    @Test
    void noPackageCycle() {
        ArchitectureRules.noPackageCycles().check(simulator);
    }

    @Test
    void theApisDoNotReachIntoTheRootPackage() {
        noClasses()
                .that()
                .resideInAnyPackage(ROOT + ".http..", ROOT + ".cluster..", ROOT + ".scenario..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage(ROOT)
                .because("the root package assembles the simulator from http and cluster, not the other way")
                .check(simulator);
    }

    @Test
    void theModelKnowsNoHttp() {
        noClasses()
                .that()
                .resideInAnyPackage(ROOT + ".cluster..", ROOT + ".scenario..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage(ROOT + ".http..")
                .because("the scheduling model and the scenario's declarations are below the HTTP APIs")
                .check(simulator);
    }

    @Test
    void usesOnlyCoresApi() {
        ArchitectureRules.usesNoInternalPackageOfCore().check(simulator);
    }

    @Test
    void knowsNoJenkins() {
        ArchitectureRules.knowsNoJenkins().check(simulator);
    }
}
