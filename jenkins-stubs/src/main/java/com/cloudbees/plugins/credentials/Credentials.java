/*
 * Mirrors jenkinsci/credentials-plugin src/main/java/com/cloudbees/plugins/credentials/Credentials.java
 * at d96751bcc06d. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package com.cloudbees.plugins.credentials;

import hudson.ExtensionPoint;
import hudson.model.Describable;
import java.io.Serializable;

public interface Credentials extends Describable<Credentials>, Serializable, ExtensionPoint {
    CredentialsScope getScope();
}
