/*
 * Mirrors jenkinsci/credentials-plugin src/main/java/com/cloudbees/plugins/credentials/domains/URIRequirementBuilder.java
 * at d96751bcc06d. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package com.cloudbees.plugins.credentials.domains;

import java.util.List;

public class URIRequirementBuilder {
    private URIRequirementBuilder() {}

    public static URIRequirementBuilder fromUri(String uri) {
        throw new UnsupportedOperationException("stub");
    }

    public List<DomainRequirement> build() {
        throw new UnsupportedOperationException("stub");
    }
}
