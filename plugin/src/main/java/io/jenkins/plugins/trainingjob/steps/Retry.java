package io.jenkins.plugins.trainingjob.steps;

import hudson.Extension;
import hudson.model.Describable;
import hudson.model.Descriptor;
import io.jenkins.plugins.trainingjob.Connection;
import io.jenkins.plugins.trainingjob.core.flow.RetryPolicy;
import java.io.Serializable;
import java.util.Objects;
import org.kohsuke.stapler.DataBoundConstructor;
import org.kohsuke.stapler.DataBoundSetter;

/**
 * {@code retry: [limit: 2, onExitCodes: '137,143', onPreemption: true, backoff: '30s']}: which failed runs
 * of the job are tried again on the same target. Kept as given; the run reads it through core's
 * {@link RetryPolicy#parse} before anything is created, naming {@code retry.limit} and so on.
 */
public class Retry implements Describable<Retry>, Serializable {
    private static final long serialVersionUID = 1L;

    private int limit;
    private String onExitCodes;
    private boolean onPreemption;
    private String backoff;

    @DataBoundConstructor
    public Retry() {}

    public int getLimit() {
        return limit;
    }

    @DataBoundSetter
    public void setLimit(int limit) {
        this.limit = limit;
    }

    /** Exit codes and ranges, comma-separated: {@code 137,143} or {@code 128-255}. */
    public String getOnExitCodes() {
        return onExitCodes;
    }

    @DataBoundSetter
    public void setOnExitCodes(String onExitCodes) {
        this.onExitCodes = Connection.trimToNull(onExitCodes);
    }

    public boolean isOnPreemption() {
        return onPreemption;
    }

    @DataBoundSetter
    public void setOnPreemption(boolean onPreemption) {
        this.onPreemption = onPreemption;
    }

    /** How long to wait before each retry ({@code 30s}); null for none. */
    public String getBackoff() {
        return backoff;
    }

    @DataBoundSetter
    public void setBackoff(String backoff) {
        this.backoff = Connection.trimToNull(backoff);
    }

    /**
     * Core's policy; none for a missing {@code retry}.
     *
     * @throws io.jenkins.plugins.trainingjob.core.spec.InvalidInputException naming {@code retry.<key>}
     */
    static RetryPolicy policy(Retry retry) {
        if (retry == null) {
            return RetryPolicy.none();
        }
        return RetryPolicy.parse(
                JenkinsFieldNames.INSTANCE, retry.limit, retry.onExitCodes, retry.onPreemption, retry.backoff);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Retry r
                && limit == r.limit
                && onPreemption == r.onPreemption
                && Objects.equals(onExitCodes, r.onExitCodes)
                && Objects.equals(backoff, r.backoff);
    }

    @Override
    public int hashCode() {
        return Objects.hash(limit, onExitCodes, onPreemption, backoff);
    }

    @Extension
    public static class DescriptorImpl extends Descriptor<Retry> {
        @Override
        public String getDisplayName() {
            return "Retry";
        }
    }
}
