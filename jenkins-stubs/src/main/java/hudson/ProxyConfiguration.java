/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/ProxyConfiguration.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson;

/** Only as the type of {@code Jenkins.getProxy()}, which the plugin compares by identity. */
public final class ProxyConfiguration {
    private ProxyConfiguration() {}
}
