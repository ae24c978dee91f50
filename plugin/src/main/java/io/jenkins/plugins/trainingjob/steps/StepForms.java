package io.jenkins.plugins.trainingjob.steps;

import hudson.model.Item;
import hudson.util.FormValidation;
import hudson.util.ListBoxModel;
import io.jenkins.plugins.trainingjob.Connection;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.TrainingJobConfiguration;
import io.jenkins.plugins.trainingjob.core.flow.PreflightMode;
import io.jenkins.plugins.trainingjob.core.flow.ReusePolicy;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.platform.ClientToken;
import io.jenkins.plugins.trainingjob.core.spec.DurationInput;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import jenkins.model.Jenkins;

/** Form checks of the steps and the builder; each checks permission before anything else. */
final class StepForms {
    private StepForms() {}

    static boolean mayConfigure(Item item) {
        return item == null ? Jenkins.get().hasPermission(Jenkins.ADMINISTER) : item.hasPermission(Item.CONFIGURE);
    }

    static FormValidation checkDuration(Item item, String field, String value) {
        if (!mayConfigure(item) || Connection.trimToNull(value) == null) {
            return FormValidation.ok();
        }
        try {
            DurationInput.parse(field, value);
            return FormValidation.ok();
        } catch (InvalidInputException e) {
            return FormValidation.error(e.getMessage());
        }
    }

    /**
     * The configured connections' names, for users who may configure the job. A saved name that is no
     * longer configured (renamed, deleted, written by Job DSL) stays as "name (not configured)": a select
     * drops a value that is not among its options, and saving the form would silently clear it.
     */
    static ListBoxModel connectionItems(Item item, String current) {
        if (!mayConfigure(item)) {
            ListBoxModel none = new ListBoxModel();
            none.add("", "");
            return none;
        }
        return connectionItems(TrainingJobConfiguration.get().getConnections(), current);
    }

    /** {@link #connectionItems(Item, String)} once the user may see the configured connections. */
    static ListBoxModel connectionItems(List<Connection> configured, String current) {
        ListBoxModel items = new ListBoxModel();
        items.add("", "");
        List<String> names = new ArrayList<>();
        for (Connection c : configured) {
            items.add(c.getName() + " (" + c.platform().displayName() + ")", c.getName());
            names.add(c.getName());
        }
        String saved = Connection.trimToNull(current);
        if (saved != null && !names.contains(saved)) {
            items.add(Messages.Form_NotConfigured(saved), saved);
        }
        return items;
    }

    /**
     * A fixed set of choices; a saved value that is none of them is kept as the last option, marked
     * "(not valid)" when the step would refuse it, so opening and saving a job never changes it.
     */
    static ListBoxModel choices(List<String> values, String current, Predicate<String> valid) {
        ListBoxModel items = new ListBoxModel();
        for (String v : values) {
            items.add(v, v);
        }
        String saved = current == null ? null : current.trim();
        if (saved != null && !saved.isEmpty() && !values.contains(saved)) {
            items.add(valid.test(saved) ? saved : Messages.Form_NotAChoice(saved), saved);
        }
        return items;
    }

    /** The {@code wait} (with {@code none}) or {@code until} (without) choices. */
    static ListBoxModel waitItems(String field, String current, boolean allowNone) {
        List<String> values = allowNone ? List.of("scheduled", "completed", "none") : List.of("scheduled", "completed");
        return choices(values, current, v -> accepts(() -> WaitMode.parse(field, v, allowNone)));
    }

    /** The {@code preflight} choices, the default first. */
    static ListBoxModel preflightItems(String current) {
        return choices(
                List.of("true", "strict", "warn", "false"),
                current,
                v -> accepts(() -> PreflightMode.parse(v, "preflight")));
    }

    /** The {@code fallbackOrder} choices, the default first. */
    static ListBoxModel fallbackOrderItems(String current) {
        return choices(
                List.of("best", "given"),
                current,
                v -> accepts(() -> io.jenkins.plugins.trainingjob.core.flow.FallbackOrder.parse("fallbackOrder", v)));
    }

    /** The {@code reuse} choices, the default first. */
    static ListBoxModel reuseItems(String current) {
        return choices(
                List.of("never", "succeeded", "any"), current, v -> accepts(() -> ReusePolicy.parse(v, "reuse")));
    }

    /** A {@code clientToken} against core's rule; empty is fine (a new token per run). */
    static FormValidation checkClientToken(Item item, String value) {
        if (!mayConfigure(item) || Connection.trimToNull(value) == null) {
            return FormValidation.ok();
        }
        try {
            ClientToken.require("clientToken", value.trim());
            return FormValidation.ok();
        } catch (InvalidInputException e) {
            return FormValidation.error(e.getMessage());
        }
    }

    private static boolean accepts(Runnable parse) {
        try {
            parse.run();
            return true;
        } catch (InvalidInputException e) {
            return false;
        }
    }
}
