/*
 * Mirrors jenkinsci/jenkins core/src/main/java/jenkins/model/Jenkins.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package jenkins.model;

import hudson.security.ACL;
import hudson.security.AccessControlled;
import hudson.security.Permission;

public class Jenkins implements AccessControlled {
    public static final Permission ADMINISTER = null;

    private Jenkins() {}

    /**
     * Behaves as upstream does outside a running controller (no {@code JenkinsRule}, no war): there is no
     * instance, so it throws upstream's exception with upstream's message. A unit test that reaches it needs
     * a controller (a {@code *JenkinsTest}) or a seam that does not call it.
     */
    public static Jenkins get() throws IllegalStateException {
        throw new IllegalStateException("Jenkins.instance is missing. Read the documentation of "
                + "Jenkins.getInstanceOrNull to see what you are doing wrong.");
    }

    /** Upstream: the {@code proxy} field, {@code null} when no proxy is configured. */
    public hudson.ProxyConfiguration getProxy() {
        throw new UnsupportedOperationException("stub");
    }

    @Override
    public ACL getACL() {
        throw new UnsupportedOperationException("stub");
    }
}
