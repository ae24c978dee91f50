package io.jenkins.plugins.trainingjob.report;

import java.util.Map;

/**
 * A diagnosis report attached to a build.
 *
 * @param files report format ({@code json}, {@code html}, {@code junit}) to the file's absolute path on
 *     the controller, sorted by format
 * @param url the report page, relative to the Jenkins root URL
 */
public record ArchivedReport(String headline, String verdict, Map<String, String> files, String url) {
    public ArchivedReport {
        files = Map.copyOf(files);
    }
}
