package io.jenkins.plugins.trainingjob;

import hudson.model.Item;
import hudson.model.Run;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import org.kohsuke.accmod.Restricted;
import org.kohsuke.accmod.restrictions.NoExternalUse;

/**
 * Resolves a credentials id into core {@link Credentials} at the moment of a call. Nothing resolved is
 * kept: callers hand the result to a client and drop it.
 */
@Restricted(NoExternalUse.class)
public interface CredentialsLookup {

    /**
     * Resolves as the build: the credentials the build may use (folder credentials included).
     *
     * @param endpoint the explicit endpoint, for domain-restricted credentials; may be {@code null}
     * @throws io.jenkins.plugins.trainingjob.core.spec.InvalidInputException when no username/password credential has this id
     */
    Credentials forRun(String credentialsId, Run<?, ?> run, String endpoint);

    /**
     * Resolves in an item's context, or, when {@code item} is {@code null}, for a connection of the global
     * configuration (and its "Test connection" button): then only a GLOBAL-scoped credential qualifies,
     * never a SYSTEM-scoped one, because any build that names the connection uses it.
     *
     * @throws io.jenkins.plugins.trainingjob.core.spec.InvalidInputException when no (GLOBAL, for {@code item == null}) username/password
     *     credential has this id
     */
    Credentials forItem(String credentialsId, Item item, String endpoint);

    /**
     * Records that {@code run} uses the GLOBAL credential of a configured connection, as the Credentials
     * plugin's usage tracking ({@code CredentialsProvider.track}) expects. Inline connections need not:
     * their lookup as the build tracks already.
     */
    default void trackUse(String credentialsId, Run<?, ?> run, String endpoint) {}
}
