package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;

import hudson.util.ListBoxModel;
import io.jenkins.plugins.trainingjob.AihcConnection;
import io.jenkins.plugins.trainingjob.Connection;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The drop-downs of the steps' and builder's forms. A select drops a saved value that is not among its
 * options (core's select.js), so opening and saving a job would silently change it: every list keeps the
 * saved value (review N5), marked when the run would refuse it.
 */
class StepFormsTest {

    private static AihcConnection aihc(String name) {
        AihcConnection c = new AihcConnection();
        c.setName(name);
        return c;
    }

    private static List<String> values(ListBoxModel items) {
        return items.stream().map(o -> o.value).toList();
    }

    private static List<String> names(ListBoxModel items) {
        return items.stream().map(o -> o.name).toList();
    }

    @Test
    void aSavedConnectionThatIsNoLongerConfiguredStaysSelectableAndSaysSo() {
        List<Connection> configured = List.of(aihc("prod"), aihc("staging"));

        ListBoxModel items = StepForms.connectionItems(configured, "old-prod");

        assertThat(values(items)).containsExactly("", "prod", "staging", "old-prod");
        assertThat(items.get(3).name).isEqualTo("old-prod (not configured)");
    }

    @Test
    void aConfiguredOrEmptySavedConnectionAddsNothing() {
        List<Connection> configured = List.of(aihc("prod"));

        assertThat(values(StepForms.connectionItems(configured, "prod"))).containsExactly("", "prod");
        assertThat(values(StepForms.connectionItems(configured, null))).containsExactly("", "prod");
        assertThat(values(StepForms.connectionItems(configured, " "))).containsExactly("", "prod");
    }

    @Test
    void waitOffersItsThreeModesAndUntilOnlyTheTwoThatWait() {
        assertThat(values(StepForms.waitItems("wait", null, true))).containsExactly("scheduled", "completed", "none");
        assertThat(values(StepForms.waitItems("until", "completed", false))).containsExactly("scheduled", "completed");
    }

    @Test
    void preflightOffersTheFourModesTheDefaultFirst() {
        assertThat(values(StepForms.preflightItems(null))).containsExactly("true", "strict", "warn", "false");
    }

    @Test
    void aSavedValueOutsideTheChoicesIsKeptAndMarkedOnlyWhenTheRunWouldRefuseIt() {
        ListBoxModel typo = StepForms.waitItems("wait", "sceduled", true);
        assertThat(values(typo)).endsWith("sceduled");
        assertThat(names(typo)).endsWith("sceduled (not valid)");

        ListBoxModel upperCase = StepForms.preflightItems("WARN");
        assertThat(values(upperCase)).endsWith("WARN");
        assertThat(names(upperCase)).as("the run accepts it").endsWith("WARN");

        ListBoxModel noneForUntil = StepForms.waitItems("until", "none", false);
        assertThat(names(noneForUntil)).endsWith("none (not valid)");
    }
}
