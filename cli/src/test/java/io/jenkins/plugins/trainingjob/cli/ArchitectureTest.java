package io.jenkins.plugins.trainingjob.cli;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.jenkins.plugins.trainingjob.cli.command.SubmitCommand;
import io.jenkins.plugins.trainingjob.core.testkit.ArchitectureRules;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The CLI is a front end: core's API only, no platform client by name, no Jenkins. Its packages import one
 * way, with no cycle: the root {@code cli} (the vocabulary every package shares: {@code ExitCode},
 * {@code CliException}, {@code CliEnvironment}, {@code InterruptSignal}, {@code DurationConverter}) <
 * {@code terminal} < {@code output} < {@code connection} < {@code command} (one class per command, the
 * picocli root {@code TrainJob} among them).
 */
class ArchitectureTest {

    private static final String CLI = "io.jenkins.plugins.trainingjob.cli";

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
     * One class still names a client (review code-quality-2 §2.1): {@code SubmitCommand} asks SenseCore's
     * job-name rule which find command to print. It moves behind the platform API with the submit flow; no
     * other class may join it.
     */
    @Test
    void namesNoPlatformClient() {
        ArchitectureRules.namesNoPlatformClient(SubmitCommand.class).check(cli);
    }

    @Test
    void knowsNoJenkins() {
        ArchitectureRules.knowsNoJenkins().check(cli);
    }

    @Test
    void noPackageCycle() {
        ArchitectureRules.noPackageCycles().check(cli);
    }

    @Test
    void packagesImportOneWay() {
        layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .layer("vocabulary")
                .definedBy(CLI)
                .layer("terminal")
                .definedBy(CLI + ".terminal..")
                .layer("output")
                .definedBy(CLI + ".output..")
                .layer("connection")
                .definedBy(CLI + ".connection..")
                .layer("command")
                .definedBy(CLI + ".command..")
                .whereLayer("command")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("connection")
                .mayOnlyBeAccessedByLayers("command")
                .whereLayer("output")
                .mayOnlyBeAccessedByLayers("connection", "command")
                .whereLayer("terminal")
                .mayOnlyBeAccessedByLayers("output", "connection", "command")
                .check(cli);
    }
}
