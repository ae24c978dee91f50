package io.jenkins.plugins.trainingjob;

import hudson.Extension;
import hudson.model.Item;
import hudson.util.FormValidation;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionProblem;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettingsValidator;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.jenkinsci.Symbol;
import org.kohsuke.stapler.AncestorInPath;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

/** A Baidu AIHC resource pool (and queue) to submit to. */
public class AihcConnection extends Connection {
    private static final long serialVersionUID = 1L;

    private String resourcePool;
    private String queue;
    /** Other pools fallback targets may move this connection's jobs to: names, space or comma separated. */
    private String fallbackResourcePools;
    /** Other queues fallback targets may move this connection's jobs to: names, space or comma separated. */
    private String fallbackQueues;

    @DataBoundConstructor
    public AihcConnection() {}

    @Override
    public PlatformKind platform() {
        return PlatformKind.AIHC;
    }

    @Override
    public ConnectionSettings toSettings(Credentials credentials) {
        validate();
        return ConnectionSettings.aihc(endpointUri(), getRegion(), credentials, resourcePool, queue);
    }

    @Override
    public List<ConnectionProblem> problems() {
        return ConnectionSettingsValidator.aihc(getEndpoint(), getRegion(), resourcePool, queue);
    }

    public String getResourcePool() {
        return resourcePool;
    }

    @DataBoundSetter
    public void setResourcePool(String resourcePool) {
        this.resourcePool = trimToNull(resourcePool);
    }

    public String getQueue() {
        return queue;
    }

    @DataBoundSetter
    public void setQueue(String queue) {
        this.queue = trimToNull(queue);
    }

    /** The other resource pools a fallback target may move this connection's jobs to; {@code null}: none. */
    public String getFallbackResourcePools() {
        return fallbackResourcePools;
    }

    @DataBoundSetter
    public void setFallbackResourcePools(String fallbackResourcePools) {
        this.fallbackResourcePools = trimToNull(fallbackResourcePools);
    }

    /** The other queues a fallback target may move this connection's jobs to; {@code null}: none. */
    public String getFallbackQueues() {
        return fallbackQueues;
    }

    @DataBoundSetter
    public void setFallbackQueues(String fallbackQueues) {
        this.fallbackQueues = trimToNull(fallbackQueues);
    }

    /**
     * A configured connection's pool and queue are where its administrator put its jobs: a fallback target
     * may name another only when the connection lists it (review R5, security review N4). Its own pool or queue
     * is always fine.
     */
    @Override
    public void requireRetargetAllowed(String targetQueue, String targetPool) {
        if (targetPool != null && !targetPool.equals(resourcePool) && !listed(fallbackResourcePools, targetPool)) {
            throw InvalidInputException.worded(
                    "resourcePool",
                    Messages.Connection_RetargetPoolNotAllowed(describe(), ConsoleText.strip(targetPool)));
        }
        if (targetQueue != null && !targetQueue.equals(queue) && !listed(fallbackQueues, targetQueue)) {
            throw InvalidInputException.worded(
                    "queue", Messages.Connection_RetargetQueueNotAllowed(describe(), ConsoleText.strip(targetQueue)));
        }
    }

    /** Whether the space- or comma-separated {@code names} list {@code name} exactly. */
    private static boolean listed(String names, String name) {
        return names != null && Arrays.asList(names.split("[\\s,]+")).contains(name);
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o)
                && o instanceof AihcConnection a
                && Objects.equals(resourcePool, a.resourcePool)
                && Objects.equals(queue, a.queue)
                && Objects.equals(fallbackResourcePools, a.fallbackResourcePools)
                && Objects.equals(fallbackQueues, a.fallbackQueues);
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), resourcePool, queue, fallbackResourcePools, fallbackQueues);
    }

    @Extension
    @Symbol("aihc")
    public static class DescriptorImpl extends ConnectionDescriptor {
        @Override
        public String getDisplayName() {
            return PlatformKind.AIHC.displayName();
        }

        /** A region the platform does not serve is refused as it is typed (unless an endpoint is set). */
        @POST
        public FormValidation doCheckRegion(
                @AncestorInPath Item item, @QueryParameter String value, @QueryParameter String endpoint) {
            return regionCheck(item, PlatformKind.AIHC, value, endpoint);
        }

        @POST
        public FormValidation doTestConnection(
                @AncestorInPath Item item,
                @QueryParameter String credentialsId,
                @QueryParameter String region,
                @QueryParameter String endpoint,
                @QueryParameter String resourcePool,
                @QueryParameter String queue) {
            AihcConnection c = new AihcConnection();
            c.setCredentialsId(credentialsId);
            c.setRegion(region);
            c.setEndpoint(endpoint);
            c.setResourcePool(resourcePool);
            c.setQueue(queue);
            return testConnection(item, c);
        }

        @POST
        public FormValidation doCheckResourcePool(@AncestorInPath Item item, @QueryParameter String value) {
            return settingCheck(item, PlatformKind.AIHC, "resourcePool", value);
        }

        /** The queue is required on a managed pool (aihc-serverless, aihc-bhcmp); checked with the pool typed. */
        @POST
        public FormValidation doCheckQueue(
                @AncestorInPath Item item, @QueryParameter String value, @QueryParameter String resourcePool) {
            if (!mayConfigure(item)) {
                return FormValidation.ok();
            }
            return ConnectionSettingsValidator.aihcQueue(resourcePool, value)
                    .map(problem -> FormValidation.error(problem.toString()))
                    .orElse(FormValidation.ok());
        }
    }
}
