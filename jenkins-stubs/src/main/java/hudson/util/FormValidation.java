/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/util/FormValidation.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.util;

import java.io.IOException;

public abstract class FormValidation extends IOException {
    private static final long serialVersionUID = 1L;

    FormValidation() {}

    public static FormValidation ok() {
        throw new UnsupportedOperationException("stub");
    }

    public static FormValidation ok(String message) {
        throw new UnsupportedOperationException("stub");
    }

    public static FormValidation warning(String message) {
        throw new UnsupportedOperationException("stub");
    }

    public static FormValidation error(String message) {
        throw new UnsupportedOperationException("stub");
    }
}
