package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import hudson.model.Action;
import hudson.model.Describable;
import hudson.model.Descriptor;
import io.jenkins.plugins.trainingjob.core.testkit.ArchitectureRules;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.kohsuke.accmod.Restricted;

/**
 * The plugin's declared API: a public type is either one Jenkins binds by itself (a describable, its
 * descriptor, an action, the generated {@code Messages}) or it says it is for this plugin's own use
 * ({@code @Restricted(NoExternalUse.class)}), as helpers and test seams in kubernetes-plugin do.
 */
class PluginApiSurfaceTest {

    @Test
    void publicTypesAreJenkinsFacingOrRestrictedToThePlugin() {
        // The classes are loaded to ask Java about their supertypes: the architecture tests' importer does
        // not resolve Jenkins' types (archunit.properties), and @Restricted is kept at run time.
        List<String> open = ArchitectureRules.mainClassesOfThisModule().stream()
                .filter(c -> c.getModifiers().contains(JavaModifier.PUBLIC) && c.isTopLevelClass())
                .map(JavaClass::reflect)
                .filter(c -> !Describable.class.isAssignableFrom(c)
                        && !Descriptor.class.isAssignableFrom(c)
                        && !Action.class.isAssignableFrom(c)
                        && !c.getSimpleName().equals("Messages"))
                .filter(c -> !c.isAnnotationPresent(Restricted.class))
                .map(Class::getName)
                .sorted()
                .toList();

        assertThat(open)
                .as("public helpers and test seams without @Restricted(NoExternalUse.class): other "
                        + "plugins could call them")
                .isEmpty();
    }
}
