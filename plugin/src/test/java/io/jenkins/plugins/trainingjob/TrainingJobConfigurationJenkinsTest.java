package io.jenkins.plugins.trainingjob;

import static io.jenkins.plugins.casc.misc.Util.getUnclassifiedRoot;
import static io.jenkins.plugins.casc.misc.Util.toStringFromYamlFile;
import static io.jenkins.plugins.casc.misc.Util.toYamlString;
import static org.assertj.core.api.Assertions.assertThat;

import hudson.model.FreeStyleProject;
import hudson.model.Item;
import hudson.model.User;
import hudson.security.ACL;
import hudson.security.ACLContext;
import hudson.util.FormValidation;
import hudson.util.ListBoxModel;
import io.jenkins.plugins.casc.ConfigurationContext;
import io.jenkins.plugins.casc.ConfiguratorRegistry;
import io.jenkins.plugins.casc.misc.ConfiguredWithCode;
import io.jenkins.plugins.casc.misc.JenkinsConfiguredWithCodeRule;
import io.jenkins.plugins.casc.misc.junit.jupiter.WithJenkinsConfiguredWithCode;
import io.jenkins.plugins.casc.model.CNode;
import java.net.URL;
import java.util.List;
import jenkins.model.Jenkins;
import org.htmlunit.HttpMethod;
import org.htmlunit.WebRequest;
import org.junit.jupiter.api.Test;
import org.jvnet.hudson.test.JenkinsRule;
import org.jvnet.hudson.test.MockAuthorizationStrategy;

/** Configuration as Code round trip, and the permission checks and messages of the form endpoints. */
@WithJenkinsConfiguredWithCode
class TrainingJobConfigurationJenkinsTest {

    @Test
    @ConfiguredWithCode("configuration-as-code.yml")
    void configurationAsCodeSetsAndExportsTheConnections(JenkinsConfiguredWithCodeRule j) throws Exception {
        TrainingJobConfiguration config = TrainingJobConfiguration.get();
        assertThat(config.getConnections()).extracting(Connection::getName).containsExactly("aihc-prod", "sc-prod");
        AihcConnection aihc =
                (AihcConnection) config.findConnection("aihc-prod").orElseThrow();
        assertThat(aihc.getResourcePool()).isEqualTo("cce-abc12345");
        // where fallback targets may move its jobs (review R5): JCasC sets and exports them as written
        assertThat(aihc.getFallbackResourcePools()).isEqualTo("cce-def67890");
        assertThat(aihc.getFallbackQueues()).isEqualTo("spot, training-low");
        SenseCoreConnection sc =
                (SenseCoreConnection) config.findConnection("sc-prod").orElseThrow();
        assertThat(sc.getWorkspace()).isEqualTo("ml-team");
        assertThat(config.getPendingTimeout()).isEqualTo("15m");

        ConfigurationContext context = new ConfigurationContext(ConfiguratorRegistry.get());
        CNode exported = getUnclassifiedRoot(context).get("trainingJob");
        assertThat(toYamlString(exported)).isEqualTo(toStringFromYamlFile(this, "configuration-as-code-expected.yml"));
    }

    @Test
    void testConnectionNeedsPostAndAdministerAndCredentialIdsCannotBeListedByReaders(JenkinsConfiguredWithCodeRule j)
            throws Exception {
        j.jenkins.setSecurityRealm(j.createDummySecurityRealm());
        j.jenkins.setAuthorizationStrategy(new MockAuthorizationStrategy()
                .grant(Jenkins.ADMINISTER)
                .everywhere()
                .to("admin")
                .grant(Jenkins.READ, Item.READ)
                .everywhere()
                .to("reader"));
        FreeStyleProject p = j.createFreeStyleProject("p");
        AihcConnection.DescriptorImpl d = j.jenkins.getDescriptorByType(AihcConnection.DescriptorImpl.class);

        try (ACLContext ignored = ACL.as2(User.getById("reader", true).impersonate2())) {
            ListBoxModel items = d.doFillCredentialsIdItems(p, "typed-by-user", null);
            assertThat(items).extracting(o -> o.value).containsExactly("typed-by-user");
            assertThat(d.doCheckName(null, "bad name!").kind).isEqualTo(FormValidation.Kind.OK);
        }

        JenkinsRule.WebClient reader = j.createWebClient().login("reader");
        reader.setThrowExceptionOnFailingStatusCode(false);
        String testConnection = "descriptorByName/" + AihcConnection.class.getName() + "/testConnection"
                + "?credentialsId=x&endpoint=http://127.0.0.1:9&resourcePool=p";
        assertThat(reader.goTo(testConnection, null).getWebResponse().getStatusCode())
                .as("GET is refused")
                .isEqualTo(404);
        for (String context : List.of("", "job/p/")) {
            WebRequest post = new WebRequest(new URL(j.getURL() + context + testConnection), HttpMethod.POST);
            assertThat(reader.getPage(reader.addCrumb(post)).getWebResponse().getStatusCode())
                    .as("readers may not test connections in '" + context + "'")
                    .isEqualTo(403);
        }

        TrainingJobConfiguration config = TrainingJobConfiguration.get();
        try (ACLContext ignored = ACL.as2(User.getById("reader", true).impersonate2())) {
            assertThat(config.doCheckPendingTimeout("10").kind).isEqualTo(FormValidation.Kind.OK);
        }

        try (ACLContext ignored = ACL.as2(User.getById("admin", true).impersonate2())) {
            FormValidation bareNumber = config.doCheckPendingTimeout("10");
            assertThat(bareNumber.kind).isEqualTo(FormValidation.Kind.ERROR);
            assertThat(bareNumber.getMessage()).contains("pendingTimeout: ", "has no unit: write 10m or 10s");
            assertThat(config.doCheckPollInterval("31d").getMessage())
                    .contains("pollInterval: ", "is longer than the maximum of 30 days");
            assertThat(config.doCheckPollInterval("30s").kind).isEqualTo(FormValidation.Kind.OK);
            assertThat(d.doCheckName(null, "bad name!").kind).isEqualTo(FormValidation.Kind.ERROR);
            assertThat(List.copyOf(d.doFillCredentialsIdItems(null, "", null)))
                    .extracting(o -> o.value)
                    .contains("");
            // the queue is required on a managed pool, checked with the pool typed next to it
            assertThat(d.doCheckQueue(null, "", "aihc-serverless").getMessage())
                    .contains("queue: required for resource pool aihc-serverless");
            assertThat(d.doCheckQueue(null, "", "cce-abc12345").kind).isEqualTo(FormValidation.Kind.OK);
            // an AIHC region long form is refused with the code meant, unless an endpoint is set
            assertThat(d.doCheckRegion(null, "cn-beijing", "").getMessage()).contains("did you mean 'bj'");
            assertThat(d.doCheckRegion(null, "bj", "").kind).isEqualTo(FormValidation.Kind.OK);
            assertThat(d.doCheckRegion(null, "cn-beijing", "https://aihc.example.com").kind)
                    .isEqualTo(FormValidation.Kind.OK);
            SenseCoreConnection.DescriptorImpl sc =
                    j.jenkins.getDescriptorByType(SenseCoreConnection.DescriptorImpl.class);
            assertThat(sc.doCheckRegion(null, "cn-sh-1", "").getMessage()).contains("did you mean 'cn-sh-01'");
        }
    }
}
