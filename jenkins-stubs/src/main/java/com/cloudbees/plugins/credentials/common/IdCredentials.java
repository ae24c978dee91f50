/*
 * Mirrors jenkinsci/credentials-plugin src/main/java/com/cloudbees/plugins/credentials/common/IdCredentials.java
 * at d96751bcc06d. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package com.cloudbees.plugins.credentials.common;

import com.cloudbees.plugins.credentials.Credentials;

public interface IdCredentials extends Credentials {
    String getId();
}
