package io.jenkins.plugins.trainingjob;

import hudson.Extension;
import hudson.model.Item;
import hudson.util.FormValidation;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionProblem;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettingsValidator;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreSignature;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jenkinsci.Symbol;
import org.kohsuke.stapler.AncestorInPath;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;
import org.kohsuke.stapler.QueryParameter;
import org.kohsuke.stapler.verb.POST;

/** A SenseCore ACP workspace (subscription, resource group, zone, workspace) to submit to. */
public class SenseCoreConnection extends Connection {
    private static final long serialVersionUID = 1L;

    private String subscription;
    private String resourceGroup;
    private String zone;
    private String workspace;
    /**
     * {@code request} or {@code date-only}: what the signature binds (review S2); null: request-bound with a
     * one-time date-only fallback on a 401 (review 2).
     */
    private String signature;

    @DataBoundConstructor
    public SenseCoreConnection() {}

    @Override
    public PlatformKind platform() {
        return PlatformKind.SENSECORE;
    }

    @Override
    public ConnectionSettings toSettings(Credentials credentials) {
        validate();
        return ConnectionSettings.senseCore(
                        endpointUri(), getRegion(), credentials, subscription, resourceGroup, zone, workspace)
                .withSenseCoreSignature(signatureOrDefault());
    }

    @Override
    public List<ConnectionProblem> problems() {
        List<ConnectionProblem> problems = new ArrayList<>(ConnectionSettingsValidator.senseCore(
                getEndpoint(), getRegion(), subscription, resourceGroup, zone, workspace));
        try {
            signatureOrDefault();
        } catch (InvalidInputException e) {
            problems.add(new ConnectionProblem("signature", e.reason()));
        }
        return problems;
    }

    /**
     * The signature the connection chose, or {@code null} when it chose none: then the client signs
     * request-bound and falls back to date-only once if the gateway refuses that (an explicit choice never does).
     */
    private SenseCoreSignature signatureOrDefault() {
        return signature == null ? null : SenseCoreSignature.parse("signature", signature);
    }

    public String getSubscription() {
        return subscription;
    }

    @DataBoundSetter
    public void setSubscription(String subscription) {
        this.subscription = trimToNull(subscription);
    }

    public String getResourceGroup() {
        return resourceGroup;
    }

    @DataBoundSetter
    public void setResourceGroup(String resourceGroup) {
        this.resourceGroup = trimToNull(resourceGroup);
    }

    public String getZone() {
        return zone;
    }

    /** The workspace zone: the region followed by a zone letter, e.g. {@code cn-sh-01z}. */
    @DataBoundSetter
    public void setZone(String zone) {
        this.zone = trimToNull(zone);
    }

    public String getWorkspace() {
        return workspace;
    }

    @DataBoundSetter
    public void setWorkspace(String workspace) {
        this.workspace = trimToNull(workspace);
    }

    public String getSignature() {
        return signature;
    }

    /**
     * {@code request} (the default) or {@code date-only}, only for a gateway that refuses request-bound
     * signatures: a date-only header can be replayed for any call while its date is accepted.
     */
    @DataBoundSetter
    public void setSignature(String signature) {
        this.signature = trimToNull(signature);
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o)
                && o instanceof SenseCoreConnection s
                && Objects.equals(subscription, s.subscription)
                && Objects.equals(resourceGroup, s.resourceGroup)
                && Objects.equals(zone, s.zone)
                && Objects.equals(workspace, s.workspace)
                && Objects.equals(signature, s.signature);
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), subscription, resourceGroup, zone, workspace, signature);
    }

    @Extension
    @Symbol("sensecore")
    public static class DescriptorImpl extends ConnectionDescriptor {
        @Override
        public String getDisplayName() {
            return PlatformKind.SENSECORE.displayName();
        }

        /** A region the platform does not serve is refused as it is typed (unless an endpoint is set). */
        @POST
        public FormValidation doCheckRegion(
                @AncestorInPath Item item, @QueryParameter String value, @QueryParameter String endpoint) {
            return regionCheck(item, PlatformKind.SENSECORE, value, endpoint);
        }

        @POST
        public FormValidation doTestConnection(
                @AncestorInPath Item item,
                @QueryParameter String credentialsId,
                @QueryParameter String region,
                @QueryParameter String endpoint,
                @QueryParameter String subscription,
                @QueryParameter String resourceGroup,
                @QueryParameter String zone,
                @QueryParameter String workspace,
                @QueryParameter String signature) {
            SenseCoreConnection c = new SenseCoreConnection();
            c.setCredentialsId(credentialsId);
            c.setRegion(region);
            c.setEndpoint(endpoint);
            c.setSubscription(subscription);
            c.setResourceGroup(resourceGroup);
            c.setZone(zone);
            c.setWorkspace(workspace);
            c.setSignature(signature);
            return testConnection(item, c);
        }

        @POST
        public FormValidation doCheckSubscription(@AncestorInPath Item item, @QueryParameter String value) {
            return settingCheck(item, PlatformKind.SENSECORE, "subscription", value);
        }

        @POST
        public FormValidation doCheckResourceGroup(@AncestorInPath Item item, @QueryParameter String value) {
            return settingCheck(item, PlatformKind.SENSECORE, "resourceGroup", value);
        }

        @POST
        public FormValidation doCheckZone(@AncestorInPath Item item, @QueryParameter String value) {
            return settingCheck(item, PlatformKind.SENSECORE, "zone", value);
        }

        @POST
        public FormValidation doCheckWorkspace(@AncestorInPath Item item, @QueryParameter String value) {
            return settingCheck(item, PlatformKind.SENSECORE, "workspace", value);
        }
    }
}
