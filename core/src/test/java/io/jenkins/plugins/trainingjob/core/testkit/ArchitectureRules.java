package io.jenkins.plugins.trainingjob.core.testkit;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The rules every module's architecture test applies to its own compiled classes, so that each module
 * states its layers once and the shared ones (no package cycle, no use of core's internal packages)
 * are written once.
 */
public final class ArchitectureRules {

    /** Core's packages that are not API: they may change in any release. */
    public static final String CORE_INTERNAL = "io.jenkins.plugins.trainingjob.core.internal..";

    private ArchitectureRules() {
    }

    /**
     * The main classes of the module under test ({@code target/classes}; Surefire runs in the module's
     * directory), without its tests and without the other modules on the class path.
     */
    public static JavaClasses mainClassesOfThisModule() {
        Path classes = Path.of("target", "classes");
        if (!Files.isDirectory(classes)) {
            throw new IllegalStateException("no compiled classes at " + classes.toAbsolutePath());
        }
        return new ClassFileImporter().importPath(classes);
    }

    /** No package of the module depends on itself through another: every package is its own slice. */
    public static ArchRule noPackageCycles() {
        return slices().matching("io.jenkins.plugins.trainingjob.(**)").namingSlices("$1")
                .should().beFreeOfCycles()
                .because("packages import one way (see each package-info.java); a cycle means a layer"
                        + " reaches up");
    }

    /** A front end uses core's API only: core's internal packages may change in any release. */
    public static ArchRule usesNoInternalPackageOfCore() {
        return noClasses().should().dependOnClassesThat().resideInAPackage(CORE_INTERNAL)
                .because("core.internal is not API; a front end uses core's documented packages only");
    }

    /** Neither core nor a front end other than the plugin knows Jenkins. */
    public static ArchRule knowsNoJenkins() {
        return noClasses().should().dependOnClassesThat()
                .resideInAnyPackage("hudson..", "jenkins..", "org.jenkinsci..", "org.kohsuke.stapler..",
                        "com.cloudbees..")
                .because("only the plugin knows Jenkins (architecture.md: modules and what each may know)");
    }
}
