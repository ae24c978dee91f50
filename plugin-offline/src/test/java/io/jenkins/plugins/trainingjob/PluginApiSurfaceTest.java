package io.jenkins.plugins.trainingjob;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import hudson.model.Action;
import hudson.model.Describable;
import hudson.model.Descriptor;
import org.junit.jupiter.api.Test;
import org.kohsuke.accmod.Restricted;

/**
 * The plugin's declared API: a public type is either one Jenkins binds by itself (a describable, its
 * descriptor, an action, the generated {@code Messages}) or it says it is for this plugin's own use
 * ({@code @Restricted(NoExternalUse.class)}), as helpers and test seams in kubernetes-plugin do.
 */
class PluginApiSurfaceTest {

    private static final JavaClasses PLUGIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
            .importPackages("io.jenkins.plugins.trainingjob");

    @Test
    void publicTypesAreJenkinsFacingOrRestrictedToThePlugin() {
        classes().that().resideInAPackage("io.jenkins.plugins.trainingjob..")
                .and().resideOutsideOfPackages("io.jenkins.plugins.trainingjob.core..",
                        "io.jenkins.plugins.trainingjob.simulator..")
                .and().arePublic().and().areTopLevelClasses()
                .and().areNotAssignableTo(Describable.class)
                .and().areNotAssignableTo(Descriptor.class)
                .and().areNotAssignableTo(Action.class)
                .and().doNotHaveSimpleName("Messages")
                .should().beAnnotatedWith(Restricted.class)
                .because("a public helper or test seam would otherwise become API other plugins may call")
                .check(PLUGIN);
    }
}
