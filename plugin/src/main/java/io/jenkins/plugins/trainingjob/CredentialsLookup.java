package io.jenkins.plugins.trainingjob;

import hudson.model.Item;
import hudson.model.Run;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;

/**
 * Resolves a credentials id into core {@link Credentials} at the moment of a call. Nothing resolved is
 * kept: callers hand the result to a client and drop it.
 */
public interface CredentialsLookup {

    /**
     * Resolves as the build: the credentials the build may use (folder credentials included).
     *
     * @param endpoint the explicit endpoint, for domain-restricted credentials; may be {@code null}
     * @throws IllegalArgumentException when no username/password credential has this id
     */
    Credentials forRun(String credentialsId, Run<?, ?> run, String endpoint);

    /**
     * Resolves in an item's context, or the controller's when {@code item} is {@code null} (globally
     * configured connections, the "Test connection" button).
     *
     * @throws IllegalArgumentException when no username/password credential has this id
     */
    Credentials forItem(String credentialsId, Item item, String endpoint);
}
