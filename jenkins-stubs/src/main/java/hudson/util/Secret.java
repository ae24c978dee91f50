/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/util/Secret.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.util;

import java.io.Serializable;

public final class Secret implements Serializable {
    private static final long serialVersionUID = 1L;

    private Secret() {}

    public String getPlainText() {
        throw new UnsupportedOperationException("stub");
    }
}
