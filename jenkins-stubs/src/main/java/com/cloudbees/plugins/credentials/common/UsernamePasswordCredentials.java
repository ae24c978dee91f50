/*
 * Mirrors jenkinsci/credentials-plugin src/main/java/com/cloudbees/plugins/credentials/common/UsernamePasswordCredentials.java
 * at d96751bcc06d. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package com.cloudbees.plugins.credentials.common;

public interface UsernamePasswordCredentials extends UsernameCredentials, PasswordCredentials {}
