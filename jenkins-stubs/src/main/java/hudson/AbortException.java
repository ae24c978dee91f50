/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/AbortException.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson;

import java.io.IOException;

public class AbortException extends IOException {
    private static final long serialVersionUID = 1L;

    public AbortException() {}

    public AbortException(String message) {
        super(message);
    }
}
