/*
 * Mirrors jenkinsci/credentials-plugin src/main/java/com/cloudbees/plugins/credentials/CredentialsMatchers.java
 * at d96751bcc06d. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package com.cloudbees.plugins.credentials;

public class CredentialsMatchers {
    private CredentialsMatchers() {}

    public static CredentialsMatcher always() {
        throw new UnsupportedOperationException("stub");
    }

    public static CredentialsMatcher withScope(CredentialsScope scope) {
        throw new UnsupportedOperationException("stub");
    }
}
