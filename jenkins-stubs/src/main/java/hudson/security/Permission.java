/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/security/Permission.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.security;

public final class Permission {
    private Permission() {}
}
