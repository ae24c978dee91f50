package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.ArgumentMatchers.isNull;
import static org.mockito.Mockito.RETURNS_SELF;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockConstruction;
import static org.mockito.Mockito.mockStatic;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.mockito.Mockito.withSettings;

import com.cloudbees.plugins.credentials.CredentialsMatcher;
import com.cloudbees.plugins.credentials.CredentialsMatchers;
import com.cloudbees.plugins.credentials.CredentialsProvider;
import com.cloudbees.plugins.credentials.CredentialsScope;
import com.cloudbees.plugins.credentials.common.StandardListBoxModel;
import com.cloudbees.plugins.credentials.common.StandardUsernamePasswordCredentials;
import com.cloudbees.plugins.credentials.domains.URIRequirementBuilder;
import hudson.model.Item;
import hudson.model.Run;
import hudson.util.Secret;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.util.List;
import jenkins.model.Jenkins;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.MockedConstruction;
import org.mockito.MockedStatic;

/**
 * Credentials of configured connections, as Jenkins users expect (M5): GLOBAL-scoped only, in the
 * dropdown and in use, and each use by a build tracked.
 */
class JenkinsCredentialsLookupTest {
    private MockedStatic<CredentialsProvider> provider;
    private MockedStatic<URIRequirementBuilder> requirements;
    private final JenkinsCredentialsLookup lookup = new JenkinsCredentialsLookup();

    @BeforeEach
    void setUp() {
        provider = mockStatic(CredentialsProvider.class);
        requirements = mockStatic(URIRequirementBuilder.class);
        URIRequirementBuilder none = mock(URIRequirementBuilder.class);
        when(none.build()).thenReturn(List.of());
        requirements.when(() -> URIRequirementBuilder.fromUri(any())).thenReturn(none);
    }

    @AfterEach
    void tearDown() {
        requirements.close();
        provider.close();
    }

    private StandardUsernamePasswordCredentials stored(String id, CredentialsScope scope) {
        StandardUsernamePasswordCredentials c = mock(StandardUsernamePasswordCredentials.class);
        Secret secret = mock(Secret.class);
        when(secret.getPlainText()).thenReturn("sk-" + id);
        when(c.getScope()).thenReturn(scope);
        when(c.getUsername()).thenReturn("ak-" + id);
        when(c.getPassword()).thenReturn(secret);
        provider.when(() -> CredentialsProvider.findCredentialByIdInItem(
                        eq(id), eq(StandardUsernamePasswordCredentials.class), isNull(), any(), any()))
                .thenReturn(c);
        return c;
    }

    @Test
    void aConfiguredConnectionUsesAGlobalCredential() {
        stored("team", CredentialsScope.GLOBAL);

        Credentials c = lookup.forItem("team", null, null);

        assertThat(c.accessKey()).isEqualTo("ak-team");
    }

    @Test
    void aConfiguredConnectionRefusesASystemScopedCredentialNamingTheRule() {
        stored("jenkins-only", CredentialsScope.SYSTEM);

        assertThatThrownBy(() -> lookup.forItem("jenkins-only", null, null))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("credentialsId")
                .hasMessageContaining("GLOBAL")
                .hasMessageNotContaining("sk-");
    }

    @Test
    void aBuildThatUsesAConfiguredConnectionIsTracked() {
        StandardUsernamePasswordCredentials c = stored("team", CredentialsScope.GLOBAL);
        Run<?, ?> run = mock(Run.class);

        lookup.trackUse("team", run, null);

        provider.verify(() -> CredentialsProvider.track(run, c));
    }

    @Test
    void aSystemScopedCredentialIsNeverTrackedAsUsedByABuild() {
        stored("jenkins-only", CredentialsScope.SYSTEM);

        assertThatThrownBy(() -> lookup.trackUse("jenkins-only", mock(Run.class), null))
                .isInstanceOf(InvalidInputException.class);
        provider.verify(() -> CredentialsProvider.track(any(Run.class), any()), org.mockito.Mockito.never());
    }

    @Test
    void theGlobalConfigurationListsGlobalScopedCredentialsOnly() {
        CredentialsMatcher globalOnly = mock(CredentialsMatcher.class);
        Jenkins jenkins = mock(Jenkins.class);
        when(jenkins.hasPermission(Jenkins.ADMINISTER)).thenReturn(true);
        try (MockedStatic<Jenkins> j = mockStatic(Jenkins.class);
                MockedStatic<CredentialsMatchers> matchers = mockStatic(CredentialsMatchers.class);
                MockedConstruction<StandardListBoxModel> models = mockConstruction(
                        StandardListBoxModel.class, withSettings().defaultAnswer(RETURNS_SELF))) {
            j.when(Jenkins::get).thenReturn(jenkins);
            matchers.when(() -> CredentialsMatchers.withScope(CredentialsScope.GLOBAL))
                    .thenReturn(globalOnly);

            new AihcConnection.DescriptorImpl().doFillCredentialsIdItems(null, "", null);

            verify(models.constructed().get(0))
                    .includeMatchingAs(any(), isNull(Item.class), any(), any(), eq(globalOnly));
        }
    }
}
