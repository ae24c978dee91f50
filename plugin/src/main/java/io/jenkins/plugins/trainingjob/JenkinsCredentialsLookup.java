package io.jenkins.plugins.trainingjob;

import com.cloudbees.plugins.credentials.CredentialsProvider;
import com.cloudbees.plugins.credentials.common.StandardUsernamePasswordCredentials;
import com.cloudbees.plugins.credentials.domains.DomainRequirement;
import com.cloudbees.plugins.credentials.domains.URIRequirementBuilder;
import hudson.model.Item;
import hudson.model.Queue;
import hudson.model.Run;
import hudson.model.queue.Tasks;
import hudson.security.ACL;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import java.util.List;
import org.springframework.security.core.Authentication;

/**
 * Username/password credentials from the Credentials plugin: the username is the access key, the password
 * the secret key.
 */
final class JenkinsCredentialsLookup implements CredentialsLookup {

    @Override
    public Credentials forRun(String credentialsId, Run<?, ?> run, String endpoint) {
        StandardUsernamePasswordCredentials c = CredentialsProvider.findCredentialById(credentialsId,
                StandardUsernamePasswordCredentials.class, run, requirements(endpoint));
        return toCore(credentialsId, c);
    }

    @Override
    public Credentials forItem(String credentialsId, Item item, String endpoint) {
        StandardUsernamePasswordCredentials c = CredentialsProvider.findCredentialByIdInItem(credentialsId,
                StandardUsernamePasswordCredentials.class, item, authenticationOf(item), requirements(endpoint));
        return toCore(credentialsId, c);
    }

    /**
     * Who looks credentials up in an item's context: a job's own build authentication (so a form sees
     * exactly the credentials its builds could use), SYSTEM for other items and the global configuration.
     */
    static Authentication authenticationOf(Item item) {
        return item instanceof Queue.Task task ? Tasks.getAuthenticationOf2(task) : ACL.SYSTEM2;
    }

    private static List<DomainRequirement> requirements(String endpoint) {
        return URIRequirementBuilder.fromUri(endpoint).build();
    }

    private static Credentials toCore(String credentialsId, StandardUsernamePasswordCredentials c) {
        if (c == null) {
            throw new IllegalArgumentException(Messages.Credentials_NotFound(credentialsId));
        }
        return Credentials.of(c.getUsername(), c.getPassword().getPlainText());
    }
}
