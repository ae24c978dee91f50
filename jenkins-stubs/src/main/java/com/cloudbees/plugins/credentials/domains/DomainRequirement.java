/*
 * Mirrors jenkinsci/credentials-plugin src/main/java/com/cloudbees/plugins/credentials/domains/DomainRequirement.java
 * at d96751bcc06d. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package com.cloudbees.plugins.credentials.domains;

import hudson.ExtensionPoint;
import java.io.Serializable;

public class DomainRequirement implements ExtensionPoint, Serializable {
    private static final long serialVersionUID = 1L;

    private DomainRequirement() {}
}
