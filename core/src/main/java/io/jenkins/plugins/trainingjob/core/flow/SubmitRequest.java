package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.monitor.WaitBudget;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.platform.ClientToken;
import io.jenkins.plugins.trainingjob.core.snapshot.SnapshotStore;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What a front end asks of one submit, checked as a whole: the wait, the identity (client token or reuse),
 * pre-flight, the fallback targets and their order, retries, and what happens to the job when the wait
 * fails or is interrupted. A plain submit is the same request with no fallback and no retry: one target,
 * one attempt. Front ends build it from their options ({@link Builder}); {@link Builder#build} refuses
 * contradictions naming the user's own fields ({@link FieldNames}).
 */
public final class SubmitRequest {

    private final WaitMode wait;
    private final WatchPolicy policy;
    private final WaitBudget budget;
    private final String clientToken;
    private final ReusePolicy reuse;
    private final Map<String, String> reuseVariables;
    private final PreflightMode preflight;
    private final List<FallbackTarget> fallbacks;
    private final FallbackOrder order;
    private final RetryPolicy retry;
    private final boolean stopOnInterrupt;
    private final boolean cancelOnFailure;
    private final boolean unschedulableFails;
    private final FieldNames names;
    private final SnapshotStore snapshots;

    private SubmitRequest(Builder b) {
        this.wait = b.wait;
        this.policy = b.policy;
        this.budget = b.budget;
        this.clientToken = b.clientToken;
        this.reuse = b.reuse;
        this.reuseVariables = Map.copyOf(new TreeMap<>(b.reuseVariables));
        this.preflight = b.preflight;
        this.fallbacks = List.copyOf(b.fallbacks);
        this.order = b.order;
        this.retry = b.retry;
        this.stopOnInterrupt = b.stopOnInterrupt;
        this.cancelOnFailure = b.cancelOnFailure;
        this.unschedulableFails = b.unschedulableFails;
        this.names = b.names;
        this.snapshots = b.snapshots;
    }

    public static Builder builder(FieldNames names) {
        return new Builder(names);
    }

    public WaitMode waitMode() {
        return wait;
    }

    /** How each attempt's job is watched; {@code null} for {@link WaitMode#NONE}. */
    public WatchPolicy policy() {
        return policy;
    }

    /** The whole submit's wait budget, counted from its first create, and whether watches estimate. */
    public WaitBudget budget() {
        return budget;
    }

    /** The token the user gave, or {@code null} (a random one is made; reuse names its own). */
    public String clientToken() {
        return clientToken;
    }

    public ReusePolicy reuse() {
        return reuse;
    }

    /** The user's own {@code ${NAME}} values, part of the reuse key ({@code SpecDigest.reuseToken}). */
    public Map<String, String> reuseVariables() {
        return reuseVariables;
    }

    public PreflightMode preflight() {
        return preflight;
    }

    public List<FallbackTarget> fallbacks() {
        return fallbacks;
    }

    public FallbackOrder order() {
        return order;
    }

    public RetryPolicy retry() {
        return retry;
    }

    /** Whether an interrupt (Ctrl-C, an aborted build) stops the job on the platform. */
    public boolean stopOnInterrupt() {
        return stopOnInterrupt;
    }

    /** Whether a job the failed wait leaves on the platform is stopped ({@link FailureCleanup}). */
    public boolean cancelOnFailure() {
        return cancelOnFailure;
    }

    /** Whether an unschedulable job fails the wait (Jenkins' {@code failOnUnschedulable}; always in the CLI). */
    public boolean unschedulableFails() {
        return unschedulableFails;
    }

    public FieldNames names() {
        return names;
    }

    /**
     * Where the front end keeps the job's start snapshots and finds its baseline ({@link SnapshotStore#NONE}:
     * none taken, nothing compared).
     */
    public SnapshotStore snapshots() {
        return snapshots;
    }

    /** Whether the submit may take more than one attempt: a fallback target or a retry. */
    public boolean severalAttempts() {
        return !fallbacks.isEmpty() || retry.limit() > 0;
    }

    /** How many attempts the submit can make at most: every target, each with its retries. */
    int mostAttempts() {
        return (1 + fallbacks.size()) * (1 + retry.limit());
    }

    /** Builds a request; {@link #build} checks how the settings go together. */
    public static final class Builder {
        private final FieldNames names;
        private WaitMode wait = WaitMode.NONE;
        private WatchPolicy policy;
        private WaitBudget budget = WaitBudget.NONE;
        private String clientToken;
        private ReusePolicy reuse = ReusePolicy.NEVER;
        private Map<String, String> reuseVariables = Map.of();
        private PreflightMode preflight = PreflightMode.ON;
        private List<FallbackTarget> fallbacks = List.of();
        private FallbackOrder order = FallbackOrder.BEST;
        private RetryPolicy retry = RetryPolicy.none();
        private boolean stopOnInterrupt = true;
        private boolean cancelOnFailure;
        private boolean unschedulableFails = true;
        private SnapshotStore snapshots = SnapshotStore.NONE;

        private Builder(FieldNames names) {
            this.names = Objects.requireNonNull(names, "names");
        }

        /** What to wait for, and how ({@code policy} is ignored for {@link WaitMode#NONE}). */
        public Builder waiting(WaitMode mode, WatchPolicy policy, WaitBudget budget) {
            this.wait = Objects.requireNonNull(mode, "mode");
            this.policy = mode == WaitMode.NONE ? null : Objects.requireNonNull(policy, "policy");
            this.budget = budget == null ? WaitBudget.NONE : budget;
            return this;
        }

        public Builder clientToken(String token) {
            this.clientToken = token;
            return this;
        }

        public Builder reuse(ReusePolicy policy, Map<String, String> variables) {
            this.reuse = Objects.requireNonNull(policy, "policy");
            this.reuseVariables = variables == null ? Map.of() : variables;
            return this;
        }

        public Builder preflight(PreflightMode mode) {
            this.preflight = Objects.requireNonNull(mode, "mode");
            return this;
        }

        public Builder fallbacks(List<FallbackTarget> targets, FallbackOrder order) {
            this.fallbacks = targets == null ? List.of() : targets;
            this.order = order == null ? FallbackOrder.BEST : order;
            return this;
        }

        public Builder retry(RetryPolicy policy) {
            this.retry = policy == null ? RetryPolicy.none() : policy;
            return this;
        }

        /** Whether an interrupt stops the job, and whether a failed wait stops the job it leaves. */
        public Builder stopping(boolean onInterrupt, boolean onFailure) {
            this.stopOnInterrupt = onInterrupt;
            this.cancelOnFailure = onFailure;
            return this;
        }

        public Builder unschedulableFails(boolean fails) {
            this.unschedulableFails = fails;
            return this;
        }

        /** Where the job's start snapshots are kept and its baseline is found; none by default. */
        public Builder snapshots(SnapshotStore store) {
            this.snapshots = store == null ? SnapshotStore.NONE : store;
            return this;
        }

        /**
         * @throws InvalidInputException naming the user's field when settings contradict each other: a token
         *     that breaks the token rule, a token with reuse, a fallback or retry without a wait (a move or
         *     retry follows what the wait sees), a retry without waiting for completion, reuse with either
         */
        public SubmitRequest build() {
            if (clientToken != null) {
                ClientToken.require(names.field("clientToken"), clientToken);
                if (reuse != ReusePolicy.NEVER) {
                    throw InvalidInputException.of(
                            names.field("clientToken"),
                            "not with " + names.setting("reuse", reuse.text())
                                    + ", which names the job by the spec's digest (tj-<hex>); leave one of them out");
                }
            }
            if (!fallbacks.isEmpty() || retry.limit() > 0) {
                String field = names.field(fallbacks.isEmpty() ? "retry.limit" : "fallback");
                if (wait == WaitMode.NONE) {
                    throw InvalidInputException.of(
                            field,
                            "needs " + names.setting("wait", "scheduled") + " or " + names.setting("wait", "completed")
                                    + " (a move or a retry follows what the wait sees)");
                }
                if (retry.limit() > 0 && wait != WaitMode.COMPLETED) {
                    throw InvalidInputException.of(
                            names.field("retry.limit"),
                            "needs " + names.setting("wait", "completed")
                                    + " (a failed job is only seen by waiting for it to end)");
                }
                if (reuse != ReusePolicy.NEVER) {
                    throw InvalidInputException.of(
                            names.field("reuse"),
                            "not with " + field + ": each attempt has its own client token, derived from "
                                    + names.field("clientToken") + "; leave " + names.field("reuse") + " out");
                }
            }
            return new SubmitRequest(this);
        }
    }
}
