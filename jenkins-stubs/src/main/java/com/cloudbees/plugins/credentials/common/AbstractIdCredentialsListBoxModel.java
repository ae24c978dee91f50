/*
 * Mirrors jenkinsci/credentials-plugin src/main/java/com/cloudbees/plugins/credentials/common/AbstractIdCredentialsListBoxModel.java
 * at d96751bcc06d. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package com.cloudbees.plugins.credentials.common;

import com.cloudbees.plugins.credentials.CredentialsMatcher;
import com.cloudbees.plugins.credentials.domains.DomainRequirement;
import hudson.model.Item;
import hudson.util.ListBoxModel;
import java.util.List;
import org.springframework.security.core.Authentication;

public abstract class AbstractIdCredentialsListBoxModel<
                T extends AbstractIdCredentialsListBoxModel<T, C>, C extends IdCredentials>
        extends ListBoxModel {
    private static final long serialVersionUID = 1L;

    protected abstract String describe(C c);

    public AbstractIdCredentialsListBoxModel<T, C> includeEmptyValue() {
        throw new UnsupportedOperationException("stub");
    }

    public AbstractIdCredentialsListBoxModel<T, C> includeMatchingAs(
            Authentication authentication,
            Item context,
            Class<? extends C> type,
            List<DomainRequirement> domainRequirements,
            CredentialsMatcher matcher) {
        throw new UnsupportedOperationException("stub");
    }

    public AbstractIdCredentialsListBoxModel<T, C> includeCurrentValue(String value) {
        throw new UnsupportedOperationException("stub");
    }
}
