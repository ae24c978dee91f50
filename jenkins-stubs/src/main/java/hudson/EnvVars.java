/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/EnvVars.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson;

import java.util.TreeMap;

public class EnvVars extends TreeMap<String, String> {
    private static final long serialVersionUID = 1L;

    public EnvVars() {}

    public String expand(String s) {
        throw new UnsupportedOperationException("stub");
    }
}
