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

    /**
     * Core's platform clients and what only they use: a front end reaches a client through
     * {@code core.platform.connect} and the platform API, never by name.
     */
    public static final String[] CORE_CLIENT_PACKAGES = {
        CORE_INTERNAL,
        "io.jenkins.plugins.trainingjob.core.platform.aihc..",
        "io.jenkins.plugins.trainingjob.core.platform.sensecore.."
    };

    private ArchitectureRules() {}

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
        return slices().matching("io.jenkins.plugins.trainingjob.(**)")
                .namingSlices("$1")
                .should()
                .beFreeOfCycles()
                .because("packages import one way (see each package-info.java); a cycle means a layer" + " reaches up");
    }

    /** A front end uses core's API only: core's internal packages may change in any release. */
    public static ArchRule usesNoInternalPackageOfCore() {
        return noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAPackage(CORE_INTERNAL)
                .because("core.internal is not API; a front end uses core's documented packages only");
    }

    /**
     * A front end names no client package of core: platform knowledge (wire formats, job-name rules) lives
     * behind the platform API, so that a third platform does not reach into the front ends.
     *
     * @param knownDebt front-end classes that still name a client, each to be moved behind the platform
     *     API (CONTRIBUTING.md lists them); the rule holds for every other class, so no new one appears
     */
    public static ArchRule namesNoPlatformClient(Class<?>... knownDebt) {
        return noClasses()
                .that()
                .doNotBelongToAnyOf(knownDebt)
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(CORE_CLIENT_PACKAGES)
                .because("a front end talks to a platform through core.platform and core.platform.connect;"
                        + " a client's package is that client's business");
    }

    /** Neither core nor a front end other than the plugin knows Jenkins. */
    public static ArchRule knowsNoJenkins() {
        return noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(
                        "hudson..", "jenkins..", "org.jenkinsci..", "org.kohsuke.stapler..", "com.cloudbees..")
                .because("only the plugin knows Jenkins (architecture.md: modules and what each may know)");
    }
}
