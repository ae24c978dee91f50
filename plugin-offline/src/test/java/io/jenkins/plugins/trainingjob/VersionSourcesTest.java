package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * One version for every module (review m6): the root POM and plugin/ both say
 * {@code ${revision}${changelist}}, and plugin/, whose parent is plugin-pom, repeats the root's revision
 * and changelist, which must agree; {@code -Drevision=}/{@code -Dchangelist=} then move core and the
 * plugin together. Reads the two POMs of this checkout (plugin-offline's working directory is its module).
 */
class VersionSourcesTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private static String property(String pom, String name) {
        Matcher m = Pattern.compile("<" + name + ">([^<]*)</" + name + ">").matcher(pom);
        assertThat(m.find()).as("<%s> in the POM", name).isTrue();
        return m.group(1);
    }

    /** The project's own version element (the first after the parent block, if any). */
    private static String projectVersion(String pom) {
        String withoutParent = pom.replaceFirst("(?s)<parent>.*?</parent>", "");
        return property(withoutParent, "version");
    }

    @Test
    void theRootPomAndThePluginTakeTheirVersionFromTheSameRevisionAndChangelist() throws Exception {
        String root = Files.readString(ROOT.resolve("pom.xml"));
        String plugin = Files.readString(ROOT.resolve("plugin/pom.xml"));

        assertThat(projectVersion(root)).isEqualTo("${revision}${changelist}");
        assertThat(projectVersion(plugin)).isEqualTo("${revision}${changelist}");
        assertThat(property(plugin, "revision")).isEqualTo(property(root, "revision"));
        assertThat(property(plugin, "changelist")).isEqualTo(property(root, "changelist"));
    }

    @Test
    void everyModuleInheritsTheRootVersion() throws Exception {
        for (String module : new String[] {"core", "simulator", "cli", "jenkins-stubs", "plugin-offline", "bench"}) {
            String pom = Files.readString(ROOT.resolve(module).resolve("pom.xml"));
            String parent = pom.replaceFirst("(?s).*?<parent>(.*?)</parent>.*", "$1");
            assertThat(property(parent, "version")).as(module).isEqualTo("${revision}${changelist}");
            assertThat(pom.replaceFirst("(?s)<parent>.*?</parent>", ""))
                    .as("%s has no version of its own", module)
                    .doesNotContainPattern("(?m)^  <version>");
        }
    }
}
