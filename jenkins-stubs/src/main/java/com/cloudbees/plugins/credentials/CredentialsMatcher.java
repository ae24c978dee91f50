/*
 * Mirrors jenkinsci/credentials-plugin src/main/java/com/cloudbees/plugins/credentials/CredentialsMatcher.java
 * at d96751bcc06d. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package com.cloudbees.plugins.credentials;

import java.io.Serializable;

public interface CredentialsMatcher extends Serializable {
    boolean matches(Credentials item);
}
