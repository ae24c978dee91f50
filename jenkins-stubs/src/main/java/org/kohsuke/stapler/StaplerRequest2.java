/*
 * Mirrors jenkinsci/stapler core/src/main/java/org/kohsuke/stapler/StaplerRequest2.java
 * at 135bbbc88aa4. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package org.kohsuke.stapler;

import jakarta.servlet.http.HttpServletRequest;

public interface StaplerRequest2 extends HttpServletRequest {
    void bindJSON(Object bean, net.sf.json.JSONObject src);
}
