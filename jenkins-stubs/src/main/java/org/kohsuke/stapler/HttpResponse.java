/*
 * Mirrors jenkinsci/stapler core/src/main/java/org/kohsuke/stapler/HttpResponse.java
 * at 135bbbc88aa4. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 * Declared only because DirectoryBrowserSupport implements it.
 */
package org.kohsuke.stapler;

import jakarta.servlet.ServletException;
import java.io.IOException;

public interface HttpResponse {
    default void generateResponse(StaplerRequest2 req, StaplerResponse2 rsp, Object node)
            throws IOException, ServletException {
        throw new UnsupportedOperationException("stub");
    }
}
