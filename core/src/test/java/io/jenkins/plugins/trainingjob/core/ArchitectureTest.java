package io.jenkins.plugins.trainingjob.core;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.jenkins.plugins.trainingjob.core.testkit.ArchitectureRules;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Core's layers, from the bottom: {@code text} (leaf helpers) and {@code time} (the one time source), both
 * leaves that import no other layer, {@code spec}, the platform layer
 * ({@code platform}, its clients and {@code internal.http}), {@code diagnosis}, {@code eta},
 * {@code snapshot} (start snapshots and what changed since), {@code outcome} (how a wait ended: the
 * result values), {@code report} (their renderers), {@code monitor} (the watch engine), {@code flow}
 * (submit, pre-flight, clean-up). A package imports only packages below it; each package-info.java says
 * which. This test is the one place that order is written down: change it here, with the reason in the
 * package docs.
 */
class ArchitectureTest {

    private static final String CORE = "io.jenkins.plugins.trainingjob.core.";

    private static JavaClasses core;

    @BeforeAll
    static void importCore() {
        core = ArchitectureRules.mainClassesOfThisModule();
    }

    @Test
    void eachLayerImportsOnlyTheLayersBelowIt() {
        layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .layer("text")
                .definedBy(CORE + "text..")
                .layer("time")
                .definedBy(CORE + "time..")
                .layer("spec")
                .definedBy(CORE + "spec..")
                .layer("platform")
                .definedBy(CORE + "platform..", CORE + "internal.http..")
                .layer("diagnosis")
                .definedBy(CORE + "diagnosis..")
                .layer("eta")
                .definedBy(CORE + "eta..")
                .layer("snapshot")
                .definedBy(CORE + "snapshot..")
                .layer("outcome")
                .definedBy(CORE + "outcome..")
                .layer("report")
                .definedBy(CORE + "report..")
                .layer("monitor")
                .definedBy(CORE + "monitor..")
                .layer("flow")
                .definedBy(CORE + "flow..")
                .whereLayer("flow")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("monitor")
                .mayOnlyBeAccessedByLayers("flow")
                .whereLayer("report")
                .mayOnlyBeAccessedByLayers("monitor", "flow")
                .whereLayer("outcome")
                .mayOnlyBeAccessedByLayers("report", "monitor", "flow")
                .whereLayer("snapshot")
                .mayOnlyBeAccessedByLayers("outcome", "report", "monitor", "flow")
                .whereLayer("eta")
                .mayOnlyBeAccessedByLayers("snapshot", "outcome", "report", "monitor", "flow")
                .whereLayer("diagnosis")
                .mayOnlyBeAccessedByLayers("eta", "snapshot", "outcome", "report", "monitor", "flow")
                .whereLayer("platform")
                .mayOnlyBeAccessedByLayers("diagnosis", "eta", "snapshot", "outcome", "report", "monitor", "flow")
                .whereLayer("spec")
                .mayOnlyBeAccessedByLayers(
                        "platform", "diagnosis", "eta", "snapshot", "outcome", "report", "monitor", "flow")
                .whereLayer("time")
                .mayNotAccessAnyLayer()
                .whereLayer("text")
                .mayNotAccessAnyLayer()
                .check(core);
    }

    @Test
    void thePlatformApiNamesNoClientAndTheClientsNameNoSibling() {
        // platform.connect is the one place that knows which client serves which platform
        noClasses()
                .that()
                .resideInAnyPackage(CORE + "platform", CORE + "internal.http..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        CORE + "platform.aihc..", CORE + "platform.sensecore..", CORE + "platform.connect..")
                .check(core);
        noClasses()
                .that()
                .resideInAPackage(CORE + "platform.aihc..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(CORE + "platform.sensecore..", CORE + "platform.connect..")
                .check(core);
        noClasses()
                .that()
                .resideInAPackage(CORE + "platform.sensecore..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(CORE + "platform.aihc..", CORE + "platform.connect..")
                .check(core);
    }

    @Test
    void noPackageCycle() {
        ArchitectureRules.noPackageCycles().check(core);
    }

    @Test
    void coreKnowsNeitherJenkinsNorTheFrontEndsNorTheSimulator() {
        ArchitectureRules.knowsNoJenkins().check(core);
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "picocli..",
                        "io.jenkins.plugins.trainingjob.cli..",
                        "io.jenkins.plugins.trainingjob.simulator..",
                        "io.jenkins.plugins.trainingjob",
                        "io.jenkins.plugins.trainingjob.steps..",
                        "io.jenkins.plugins.trainingjob.report..")
                .check(core);
    }
}
