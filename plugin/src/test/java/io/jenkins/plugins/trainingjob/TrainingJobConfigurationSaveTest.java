package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.CALLS_REAL_METHODS;
import static org.mockito.Mockito.doNothing;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.withSettings;

import hudson.model.Descriptor.FormException;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Saving the global configuration from its form: all or nothing, one error per field, one save. The
 * form binds as Stapler's {@code bindJSON(bean, json)} does: each setter in the form's key order, what a
 * setter throws passed on unchanged (jenkinsci/stapler RequestImpl#bindJSON).
 *
 * <p>No controller here, in either build: the configuration is made without its constructor (whose
 * {@code load()} needs {@code Jenkins.get()}, as upstream's does) and its {@code save()} is stubbed, so these
 * tests run the same against jenkins-stubs and against real Jenkins ({@code -Pjenkins}).
 * {@link TrainingJobConfigurationWithoutControllerTest} shows the constructor does need one.
 */
class TrainingJobConfigurationSaveTest {
    private TrainingJobConfiguration config;
    private List<Connection> previous;

    @BeforeEach
    void setUp() {
        config = mock(TrainingJobConfiguration.class, withSettings().defaultAnswer(CALLS_REAL_METHODS));
        doNothing().when(config).save();
        previous = List.of(aihc("prod"), aihc("staging"));
        config.setConnections(previous);
        config.setPollInterval("45s");
        config.setPendingTimeout("20m");
    }

    private static AihcConnection aihc(String name) {
        AihcConnection c = new AihcConnection();
        c.setName(name);
        c.setCredentialsId("ak");
        c.setRegion("bj");
        c.setResourcePool("pool-1");
        c.setQueue("default");
        return c;
    }

    /**
     * Submits a form: its fields in order, as Stapler's {@code bindJSON} calls the setters (json-lib's
     * JSONObject itself cannot load without Jenkins here; {@code configure} only hands it to Stapler).
     */
    private void submit(List<Connection> connections, String... fieldsAndValues) throws FormException {
        boolean hasConnections = false;
        for (int i = 0; i < fieldsAndValues.length; i += 2) {
            hasConnections |= fieldsAndValues[i].equals("connections");
        }
        config.applyForm(
                () -> {
                    for (int i = 0; i < fieldsAndValues.length; i += 2) {
                        String value = fieldsAndValues[i + 1];
                        switch (fieldsAndValues[i]) {
                            case "connections" -> config.setConnections(connections);
                            case "pollInterval" -> config.setPollInterval(value);
                            case "pendingTimeout" -> config.setPendingTimeout(value);
                            case "allowedEndpoints" -> config.setAllowedEndpoints(value);
                            default -> throw new IllegalStateException("unknown field " + fieldsAndValues[i]);
                        }
                    }
                },
                hasConnections);
    }

    private void assertUnchanged() {
        assertThat(config.getConnections()).isEqualTo(previous);
        assertThat(config.findConnection("prod")).isPresent();
        assertThat(config.getPollInterval()).isEqualTo("45s");
        assertThat(config.getPendingTimeout()).isEqualTo("20m");
    }

    @Test
    void aFormWithDuplicateConnectionNamesKeepsThePreviousConfigurationAndNamesTheConnectionsField() {
        clearInvocations();
        List<Connection> duplicates = List.of(aihc("prod"), aihc("prod"));

        assertThatThrownBy(() -> submit(duplicates, "connections", "", "pollInterval", "10s", "pendingTimeout", "5m"))
                .isInstanceOf(FormException.class)
                .hasMessageContaining("prod")
                .satisfies(e -> assertThat(((FormException) e).getFormField()).isEqualTo("connections"));

        assertUnchanged();
        verify(config, never()).save();
    }

    @Test
    void aBadPollIntervalShowsOnItsOwnFieldAndUndoesTheFieldsBoundBeforeIt() {
        clearInvocations();
        // connections are bound first: the new list is in place when the duration fails
        assertThatThrownBy(() -> submit(List.of(aihc("other")), "connections", "", "pollInterval", "10"))
                .isInstanceOf(FormException.class)
                .satisfies(e -> assertThat(((FormException) e).getFormField()).isEqualTo("pollInterval"));

        assertUnchanged();
        verify(config, never()).save();
    }

    @Test
    void aBadPendingTimeoutShowsOnItsOwnField() {
        assertThatThrownBy(() -> submit(previous, "connections", "", "pendingTimeout", "ten minutes"))
                .isInstanceOf(FormException.class)
                .satisfies(e -> assertThat(((FormException) e).getFormField()).isEqualTo("pendingTimeout"));

        assertUnchanged();
    }

    @Test
    void anAcceptedFormIsAppliedAsAWholeAndSavedOnce() throws Exception {
        clearInvocations();
        List<Connection> next = List.of(aihc("gpu-a"), aihc("gpu-b"));

        submit(next, "connections", "", "pollInterval", "10s", "pendingTimeout", "5m");

        assertThat(config.getConnections()).isEqualTo(next);
        assertThat(config.getPollInterval()).isEqualTo("10s");
        assertThat(config.getPendingTimeout()).isEqualTo("5m");
        verify(config, times(1)).save();
    }

    @Test
    void aFormWithoutConnectionsClearsThem() throws Exception {
        submit(List.of(), "pollInterval", "45s", "pendingTimeout", "20m");

        assertThat(config.getConnections()).isEmpty();
    }

    /** Security review S1: the allow-list is read when saved, so a typo is named, not silently ignored. */
    @Test
    void allowedEndpointsAreCheckedOnTheirOwnFieldAndAppliedWithTheRest() throws Exception {
        assertThatThrownBy(() -> submit(previous, "connections", "", "allowedEndpoints", "ok.example\nftp://x"))
                .isInstanceOf(FormException.class)
                .hasMessageContaining("line 2 'ftp://x'")
                .satisfies(e -> assertThat(((FormException) e).getFormField()).isEqualTo("allowedEndpoints"));
        assertUnchanged();
        assertThat(config.getAllowedEndpoints()).isNull();
        assertThat(config.endpointAllowList().isEmpty()).isTrue();

        submit(previous, "connections", "", "allowedEndpoints", "aihc-gw.corp.example\n");

        assertThat(config.getAllowedEndpoints()).isEqualTo("aihc-gw.corp.example");
        assertThat(config.endpointAllowList()
                        .refusal(
                                io.jenkins.plugins.trainingjob.core.spec.PlatformKind.AIHC,
                                java.net.URI.create("https://aihc-gw.corp.example")))
                .isEmpty();
    }

    @Test
    void anyOtherExceptionFromBindingRestoresEveryFieldAndIsPassedOnUnchanged() {
        clearInvocations();
        // Stapler's own wording for a malformed entry (RequestImpl#bindJSON's WrongTypeException path)
        IllegalArgumentException stapler = new IllegalArgumentException("Error binding field connections");

        assertThatThrownBy(() -> config.applyForm(
                        () -> {
                            config.setConnections(List.of(aihc("other")));
                            config.setPollInterval("10s");
                            config.setPendingTimeout("5m");
                            throw stapler;
                        },
                        true))
                .isSameAs(stapler);

        assertUnchanged();
        verify(config, never()).save();
    }

    @Test
    void anErrorFromBindingRestoresEveryFieldToo() {
        LinkageError linkage = new LinkageError("Failed to instantiate class AihcConnection");

        assertThatThrownBy(() -> config.applyForm(
                        () -> {
                            config.setPendingTimeout("1m");
                            throw linkage;
                        },
                        true))
                .isSameAs(linkage);

        assertUnchanged();
    }

    private void clearInvocations() {
        org.mockito.Mockito.clearInvocations(config);
    }
}
