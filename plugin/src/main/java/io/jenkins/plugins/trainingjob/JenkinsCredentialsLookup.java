package io.jenkins.plugins.trainingjob;

import com.cloudbees.plugins.credentials.CredentialsProvider;
import com.cloudbees.plugins.credentials.CredentialsScope;
import com.cloudbees.plugins.credentials.common.StandardUsernamePasswordCredentials;
import com.cloudbees.plugins.credentials.domains.DomainRequirement;
import com.cloudbees.plugins.credentials.domains.URIRequirementBuilder;
import hudson.model.Item;
import hudson.model.Queue;
import hudson.model.Run;
import hudson.model.queue.Tasks;
import hudson.security.ACL;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.util.List;
import org.springframework.security.core.Authentication;

/**
 * Username/password credentials from the Credentials plugin: the username is the access key, the password
 * the secret key.
 */
final class JenkinsCredentialsLookup implements CredentialsLookup {

    @Override
    public Credentials forRun(String credentialsId, Run<?, ?> run, String endpoint) {
        StandardUsernamePasswordCredentials c = CredentialsProvider.findCredentialById(
                credentialsId, StandardUsernamePasswordCredentials.class, run, requirements(endpoint));
        return toCore(credentialsId, c);
    }

    @Override
    public Credentials forItem(String credentialsId, Item item, String endpoint) {
        if (item == null) {
            return toCore(credentialsId, global(credentialsId, endpoint));
        }
        StandardUsernamePasswordCredentials c = CredentialsProvider.findCredentialByIdInItem(
                credentialsId,
                StandardUsernamePasswordCredentials.class,
                item,
                authenticationOf(item),
                requirements(endpoint));
        return toCore(credentialsId, c);
    }

    @Override
    public void trackUse(String credentialsId, Run<?, ?> run, String endpoint) {
        CredentialsProvider.track(run, global(credentialsId, endpoint));
    }

    /**
     * A configured connection's credential: looked up as SYSTEM at the root (the connection is the
     * administrator's), but only when GLOBAL-scoped. A SYSTEM-scoped credential is "only available to
     * Jenkins itself", and every build that names the connection would use it.
     */
    private static StandardUsernamePasswordCredentials global(String credentialsId, String endpoint) {
        StandardUsernamePasswordCredentials c = CredentialsProvider.findCredentialByIdInItem(
                credentialsId, StandardUsernamePasswordCredentials.class, null, ACL.SYSTEM2, requirements(endpoint));
        if (c != null && c.getScope() != CredentialsScope.GLOBAL) {
            throw InvalidInputException.worded("credentialsId", Messages.Credentials_NotGlobal(credentialsId));
        }
        if (c == null) {
            throw InvalidInputException.worded("credentialsId", Messages.Credentials_NotFound(credentialsId));
        }
        return c;
    }

    /**
     * Who looks credentials up in an item's context: a job's own build authentication (so a form sees
     * exactly the credentials its builds could use), SYSTEM for other items and the global configuration
     * (where only GLOBAL-scoped credentials are offered and used).
     */
    static Authentication authenticationOf(Item item) {
        return item instanceof Queue.Task task ? Tasks.getAuthenticationOf2(task) : ACL.SYSTEM2;
    }

    private static List<DomainRequirement> requirements(String endpoint) {
        return URIRequirementBuilder.fromUri(endpoint).build();
    }

    private static Credentials toCore(String credentialsId, StandardUsernamePasswordCredentials c) {
        if (c == null) {
            throw InvalidInputException.worded("credentialsId", Messages.Credentials_NotFound(credentialsId));
        }
        return Credentials.of(c.getUsername(), c.getPassword().getPlainText());
    }
}
