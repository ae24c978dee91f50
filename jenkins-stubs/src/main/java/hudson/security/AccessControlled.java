/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/security/AccessControlled.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.security;

import org.springframework.security.access.AccessDeniedException;

public interface AccessControlled {
    ACL getACL();

    default void checkPermission(Permission permission) throws AccessDeniedException {
        throw new UnsupportedOperationException("stub");
    }

    default boolean hasPermission(Permission permission) {
        throw new UnsupportedOperationException("stub");
    }
}
