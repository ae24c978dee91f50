package io.jenkins.plugins.trainingjob.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.jenkins.plugins.trainingjob.cli.command.SavedDiagnosis;
import io.jenkins.plugins.trainingjob.cli.command.SubmitCommand;
import io.jenkins.plugins.trainingjob.core.testkit.ArchitectureRules;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The CLI is a front end: core's API only, no platform client by name, no Jenkins. Its sub-packages import
 * one way, {@code terminal} < {@code output} < {@code connection} < {@code command}, with no cycle among
 * them. The root package is both the entry ({@code TrainJob} lists the commands) and the vocabulary every
 * sub-package shares ({@code ExitCode}, {@code CliException}, {@code CliEnvironment}); so the root is left
 * out of the cycle check, and only {@code TrainJob} may name a command.
 */
class ArchitectureTest {

    private static final String CLI = "io.jenkins.plugins.trainingjob.cli.";

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
        ArchitectureRules.namesNoPlatformClient(SavedDiagnosis.class, SubmitCommand.class)
                .check(cli);
    }

    @Test
    void knowsNoJenkins() {
        ArchitectureRules.knowsNoJenkins().check(cli);
    }

    @Test
    void noCycleAmongTheSubPackages() {
        slices().matching("io.jenkins.plugins.trainingjob.cli.(*)..")
                .namingSlices("$1")
                .should()
                .beFreeOfCycles()
                .check(cli);
    }

    @Test
    void subPackagesImportOneWay() {
        layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .layer("terminal")
                .definedBy(CLI + "terminal..")
                .layer("output")
                .definedBy(CLI + "output..")
                .layer("connection")
                .definedBy(CLI + "connection..")
                .layer("command")
                .definedBy(CLI + "command..")
                .whereLayer("command")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("connection")
                .mayOnlyBeAccessedByLayers("command")
                .whereLayer("output")
                .mayOnlyBeAccessedByLayers("connection", "command")
                .check(cli);
    }

    @Test
    void onlyTrainJobInTheRootNamesACommand() {
        noClasses()
                .that()
                .resideInAPackage("io.jenkins.plugins.trainingjob.cli")
                .and()
                .haveNameNotMatching(".*\\.TrainJob(\\$.*)?")
                .should()
                .dependOnClassesThat()
                .resideInAPackage(CLI + "command..")
                .check(cli);
    }
}
