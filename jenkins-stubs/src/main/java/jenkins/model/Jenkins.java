/*
 * Mirrors jenkinsci/jenkins core/src/main/java/jenkins/model/Jenkins.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package jenkins.model;

import hudson.ProxyConfiguration;
import hudson.security.ACL;
import hudson.security.AccessControlled;
import hudson.security.Permission;

public class Jenkins implements AccessControlled {
    public static final Permission ADMINISTER = null;

    private Jenkins() {
    }

    public static Jenkins get() throws IllegalStateException {
        throw new UnsupportedOperationException("stub");
    }

    public ProxyConfiguration getProxy() {
        throw new UnsupportedOperationException("stub");
    }

    @Override
    public ACL getACL() {
        throw new UnsupportedOperationException("stub");
    }
}
