package io.jenkins.plugins.trainingjob;

import com.cloudbees.plugins.credentials.CredentialsMatcher;
import com.cloudbees.plugins.credentials.CredentialsMatchers;
import com.cloudbees.plugins.credentials.CredentialsProvider;
import com.cloudbees.plugins.credentials.CredentialsScope;
import com.cloudbees.plugins.credentials.common.StandardListBoxModel;
import com.cloudbees.plugins.credentials.common.StandardUsernamePasswordCredentials;
import com.cloudbees.plugins.credentials.domains.URIRequirementBuilder;
import hudson.model.Descriptor;
import hudson.model.Item;
import hudson.util.FormValidation;
import hudson.util.ListBoxModel;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionProblem;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettingsValidator;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.EndpointAllowList;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.StatusPage;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.util.List;
import jenkins.model.Jenkins;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;
import org.kohsuke.stapler.AncestorInPath;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

/**
 * Form support shared by both kinds of connection: credentials listing, field checks and the "Test
 * connection" button. Every web method checks permission first: Overall/Administer in the global
 * configuration (no item), Item/Configure inside a job (inline settings).
 */
public abstract class ConnectionDescriptor extends Descriptor<Connection> {

    /** True when the current user may configure connections in this context. */
    static boolean mayConfigure(Item item) {
        return item == null ? Jenkins.get().hasPermission(Jenkins.ADMINISTER) : item.hasPermission(Item.CONFIGURE);
    }

    /**
     * Lists username/password credentials the context can use. Users who cannot configure the context
     * only get back the value they sent, so credential ids cannot be enumerated. POST only, as the form's
     * list boxes call it.
     */
    @POST
    public ListBoxModel doFillCredentialsIdItems(
            @AncestorInPath Item item, @QueryParameter String credentialsId, @QueryParameter String endpoint) {
        StandardListBoxModel result = new StandardListBoxModel();
        if (item == null
                ? !Jenkins.get().hasPermission(Jenkins.ADMINISTER)
                : !item.hasPermission(Item.EXTENDED_READ) && !item.hasPermission(CredentialsProvider.USE_ITEM)) {
            result.includeCurrentValue(credentialsId);
            return result;
        }
        // The global configuration offers GLOBAL-scoped credentials only: builds use them (M5).
        CredentialsMatcher scope =
                item == null ? CredentialsMatchers.withScope(CredentialsScope.GLOBAL) : CredentialsMatchers.always();
        result.includeEmptyValue()
                .includeMatchingAs(
                        JenkinsCredentialsLookup.authenticationOf(item),
                        item,
                        StandardUsernamePasswordCredentials.class,
                        URIRequirementBuilder.fromUri(Connection.trimToNull(endpoint))
                                .build(),
                        scope)
                .includeCurrentValue(credentialsId);
        return result;
    }

    @POST
    public FormValidation doCheckName(@AncestorInPath Item item, @QueryParameter String value) {
        if (!mayConfigure(item)) {
            return FormValidation.ok();
        }
        String name = Connection.trimToNull(value);
        if (item == null && name == null) {
            return FormValidation.error(Messages.Connection_NameRequired());
        }
        if (name != null && !name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            return FormValidation.error(Messages.Connection_NameInvalid(name));
        }
        return FormValidation.ok();
    }

    @POST
    public FormValidation doCheckCredentialsId(@AncestorInPath Item item, @QueryParameter String value) {
        if (!mayConfigure(item)) {
            return FormValidation.ok();
        }
        return Connection.trimToNull(value) == null
                ? FormValidation.error(Messages.Connection_CredentialsIdMissing())
                : FormValidation.ok();
    }

    @POST
    public FormValidation doCheckEndpoint(
            @AncestorInPath Item item, @QueryParameter String value, @QueryParameter String region) {
        if (!mayConfigure(item)) {
            return FormValidation.ok();
        }
        List<ConnectionProblem> problems = ConnectionSettingsValidator.location(value, region);
        if (!problems.isEmpty()) {
            return FormValidation.error(problems.get(0).toString());
        }
        String endpoint = Connection.trimToNull(value);
        return endpoint != null && endpoint.startsWith("http://")
                ? FormValidation.warning(Messages.Connection_EndpointPlainHttp())
                : FormValidation.ok();
    }

    /**
     * A form check of the region by core's rule: without an endpoint, one of the platform's known regions
     * (with the one meant, e.g. {@code bj} for {@code cn-beijing}, and the endpoint way out).
     */
    @Restricted(NoExternalUse.class)
    protected static FormValidation regionCheck(Item item, PlatformKind platform, String region, String endpoint) {
        if (!mayConfigure(item) || Connection.trimToNull(region) == null) {
            return FormValidation.ok();
        }
        return ConnectionSettingsValidator.location(platform, endpoint, region).stream()
                .findFirst()
                .filter(problem -> problem.field().equals("region"))
                .map(problem -> FormValidation.error(problem.toString()))
                .orElse(FormValidation.ok());
    }

    /** A form check of one platform setting by core's rule, for users who may configure the context. */
    @Restricted(NoExternalUse.class)
    protected static FormValidation settingCheck(Item item, PlatformKind platform, String field, String value) {
        if (!mayConfigure(item)) {
            return FormValidation.ok();
        }
        return ConnectionSettingsValidator.setting(platform, field, value)
                .map(problem -> FormValidation.error(problem.toString()))
                .orElse(FormValidation.ok());
    }

    /**
     * Connects with the form's settings and lists one job. POST only (it contacts a URL with stored
     * credentials), and only for users who may configure the context the credentials are resolved in.
     */
    @Restricted(NoExternalUse.class)
    protected final FormValidation testConnection(Item item, Connection connection) {
        if (item == null) {
            Jenkins.get().checkPermission(Jenkins.ADMINISTER);
        } else {
            item.checkPermission(Item.CONFIGURE);
        }
        try {
            connection.validate();
            TrainingJobService service = TrainingJobService.get();
            EndpointAllowList allowed = service.configuration().endpointAllowList();
            if (item != null) {
                // In a job's form the settings are a job author's: the same rule as the step's (review S1).
                TrainingJobService.requireAllowedInline(connection, allowed);
            }
            Credentials credentials =
                    service.credentials().forItem(connection.getCredentialsId(), item, connection.getEndpoint());
            ConnectionSettings settings = TrainingJobService.secured(connection.toSettings(credentials), allowed);
            if (item != null) {
                settings = allowed.guarded(settings); // names under a wildcard resolve as the step's would
            }
            try (TrainingPlatform platform = service.connector().connect(settings)) {
                StatusPage page = platform.listStatuses(null, 1);
                return FormValidation.ok(Messages.Connection_TestOk(
                        connection.platform().displayName(), page.jobs().size()));
            }
        } catch (InvalidInputException | PlatformException e) {
            return FormValidation.error(e.getMessage());
        }
    }
}
