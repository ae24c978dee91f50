package io.jenkins.plugins.trainingjob.report;

import java.util.Map;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * A diagnosis report attached to a build.
 *
 * @param files report format ({@code json}, {@code html}, {@code junit}) to the file's URL, relative to
 *     the Jenkins root URL, sorted by format
 * @param url the report page, relative to the Jenkins root URL
 */
@Restricted(NoExternalUse.class)
public record ArchivedReport(String headline, String verdict, Map<String, String> files, String url) {
    public ArchivedReport {
        files = Map.copyOf(files);
    }
}
