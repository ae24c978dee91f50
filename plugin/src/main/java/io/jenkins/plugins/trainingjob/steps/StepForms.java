package io.jenkins.plugins.trainingjob.steps;

import hudson.model.Item;
import hudson.util.FormValidation;
import hudson.util.ListBoxModel;
import io.jenkins.plugins.trainingjob.Connection;
import io.jenkins.plugins.trainingjob.TrainingJobConfiguration;
import io.jenkins.plugins.trainingjob.core.monitor.DurationText;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import jenkins.model.Jenkins;

/** Form checks of the steps and the builder; each checks permission before anything else. */
final class StepForms {
    private StepForms() {
    }

    static boolean mayConfigure(Item item) {
        return item == null ? Jenkins.get().hasPermission(Jenkins.ADMINISTER) : item.hasPermission(Item.CONFIGURE);
    }

    static FormValidation checkDuration(Item item, String field, String value) {
        if (!mayConfigure(item) || Connection.trimToNull(value) == null) {
            return FormValidation.ok();
        }
        try {
            DurationText.parse(field, value);
            return FormValidation.ok();
        } catch (InvalidInputException e) {
            return FormValidation.error(e.getMessage());
        }
    }

    /** The configured connections' names, for users who may configure the job. */
    static ListBoxModel connectionItems(Item item) {
        ListBoxModel items = new ListBoxModel();
        items.add("", "");
        if (mayConfigure(item)) {
            for (Connection c : TrainingJobConfiguration.get().getConnections()) {
                items.add(c.getName() + " (" + c.platform().displayName() + ")", c.getName());
            }
        }
        return items;
    }
}
