/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/security/ACL.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.security;

import org.springframework.security.core.Authentication;

public abstract class ACL {
    public static final Authentication SYSTEM2 = null;
}
