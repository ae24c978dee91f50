/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/model/DirectoryBrowserSupport.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.model;

import hudson.FilePath;
import org.kohsuke.stapler.HttpResponse;

public final class DirectoryBrowserSupport implements HttpResponse {
    /** As upstream, only stores its arguments (serving happens in generateResponse). */
    public DirectoryBrowserSupport(
            ModelObject owner, FilePath base, String title, String icon, boolean serveDirIndex) {}
}
