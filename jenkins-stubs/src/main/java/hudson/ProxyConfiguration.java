/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/ProxyConfiguration.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson;

import java.net.Proxy;

public final class ProxyConfiguration {
    private ProxyConfiguration() {
    }

    public Proxy createProxy(String host) {
        throw new UnsupportedOperationException("stub");
    }
}
