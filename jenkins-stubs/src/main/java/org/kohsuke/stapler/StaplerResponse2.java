/*
 * Mirrors jenkinsci/stapler core/src/main/java/org/kohsuke/stapler/StaplerResponse2.java
 * at 135bbbc88aa4. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package org.kohsuke.stapler;

import jakarta.servlet.http.HttpServletResponse;

public interface StaplerResponse2 extends HttpServletResponse {}
