/*
 * Mirrors jenkinsci/credentials-plugin src/main/java/com/cloudbees/plugins/credentials/common/StandardListBoxModel.java
 * at d96751bcc06d. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package com.cloudbees.plugins.credentials.common;

public class StandardListBoxModel extends AbstractIdCredentialsListBoxModel<StandardListBoxModel, StandardCredentials> {
    private static final long serialVersionUID = 1L;

    @Override
    protected String describe(StandardCredentials c) {
        throw new UnsupportedOperationException("stub");
    }
}
