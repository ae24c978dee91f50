/*
 * Mirrors jenkinsci/credentials-plugin src/main/java/com/cloudbees/plugins/credentials/CredentialsProvider.java
 * at d96751bcc06d. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package com.cloudbees.plugins.credentials;

import com.cloudbees.plugins.credentials.common.IdCredentials;
import com.cloudbees.plugins.credentials.domains.DomainRequirement;
import hudson.ExtensionPoint;
import hudson.model.Describable;
import hudson.model.Descriptor;
import hudson.model.Item;
import hudson.model.Run;
import hudson.security.Permission;
import java.util.List;
import org.springframework.security.core.Authentication;

public abstract class CredentialsProvider extends Descriptor<CredentialsProvider>
        implements ExtensionPoint, Describable<CredentialsProvider> {
    public static final Permission USE_ITEM = null;

    CredentialsProvider() {}

    public static <C extends IdCredentials> C findCredentialById(
            String id, Class<C> type, Run<?, ?> run, List<DomainRequirement> domainRequirements) {
        throw new UnsupportedOperationException("stub");
    }

    public static <C extends IdCredentials> C findCredentialByIdInItem(
            String id,
            Class<C> type,
            Item item,
            Authentication authentication,
            List<DomainRequirement> domainRequirements) {
        throw new UnsupportedOperationException("stub");
    }

    @SuppressWarnings("rawtypes")
    public static <C extends Credentials> C track(Run run, C credentials) {
        throw new UnsupportedOperationException("stub");
    }
}
