package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.monitor.WatchState;
import io.jenkins.plugins.trainingjob.core.platform.ClientToken;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.report.Attempt;
import java.io.Serial;
import java.io.Serializable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The durable part of a submit: enough for a new monitor to go on where an old one stopped without
 * creating a job twice, moving twice or restarting the wait budget. Holds no secret and no client; the
 * targets are named by number (1 the primary, then the fallbacks in the given order) and bound again.
 *
 * <p>Every change is a named transition. The two that precede an act on the platform ({@link
 * #tokenSaved}: before a create; {@link #stopping}: before a stop for a move) are saved before the act, so
 * the saved state is never behind what was done: a resume looks the attempt's token up before creating,
 * and confirms a stop it may already have asked for.
 *
 * <p>A class with fields, not a record: Jenkins saves it with a waiting Pipeline step, and Java
 * serialization (and JBoss River) reads a class whose fields were added since, not a changed record.
 */
public final class SubmitState implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;

    /** Where the submit is. */
    public enum Stage {
        /** Nothing created yet: reuse, the token look-up and pre-flight are being decided. */
        PLANNING,
        /** Saved by a release before this one: look every attempt of the base token up, then go on. */
        LOOKING_UP,
        /** Attempt {@link #attempt()}'s token is saved; its create may or may not have happened. */
        TOKEN_SAVED,
        /** Attempt {@link #attempt()}'s job is known and watched ({@link #watch()} once the watch started). */
        WATCHING,
        /** The job of attempt {@link #attempt()} is being stopped for a move; the stop may have been asked. */
        STOPPING,
        /** Attempt {@link #attempt()} failed and is retried once {@link #backoffUntil()} has passed. */
        BACKING_OFF,
        /** The submit ended. */
        ENDED
    }

    private final String baseToken;
    private final boolean tokenMayBeInUse;
    private final ArrayList<Integer> planOrder;
    private final TreeMap<Integer, Verdict> verdicts;
    private final Stage stage;
    private final int attempt;
    private final int targetIndex;
    private final int retriesUsed;
    private final JobRef job;
    private final WatchState watch;
    private final Instant startedAt;
    private final Instant backoffUntil;
    private final ArrayList<Attempt> attempts;
    private final TreeMap<String, String> reused;

    private SubmitState(Draft d) {
        this.baseToken = d.baseToken;
        this.tokenMayBeInUse = d.tokenMayBeInUse;
        this.planOrder = new ArrayList<>(d.planOrder);
        this.verdicts = new TreeMap<>(d.verdicts);
        this.stage = Objects.requireNonNull(d.stage, "stage");
        this.attempt = d.attempt;
        this.targetIndex = d.targetIndex;
        this.retriesUsed = d.retriesUsed;
        this.job = d.job;
        this.watch = d.watch;
        this.startedAt = Objects.requireNonNull(d.startedAt, "startedAt");
        this.backoffUntil = d.backoffUntil;
        this.attempts = new ArrayList<>(d.attempts);
        this.reused = d.reused == null ? null : new TreeMap<>(d.reused);
    }

    /**
     * The fields of a state being made: a transition copies the current state and sets only what it
     * changes. Never saved: only {@link SubmitState}'s own fields are.
     */
    private static final class Draft {
        String baseToken;
        boolean tokenMayBeInUse;
        List<Integer> planOrder = List.of();
        Map<Integer, Verdict> verdicts = Map.of();
        Stage stage = Stage.PLANNING;
        int attempt;
        int targetIndex;
        int retriesUsed;
        JobRef job;
        WatchState watch;
        Instant startedAt;
        Instant backoffUntil;
        List<Attempt> attempts = List.of();
        Map<String, String> reused;

        Draft() {}

        Draft(SubmitState s) {
            baseToken = s.baseToken;
            tokenMayBeInUse = s.tokenMayBeInUse;
            planOrder = s.planOrder;
            verdicts = s.verdicts;
            stage = s.stage;
            attempt = s.attempt;
            targetIndex = s.targetIndex;
            retriesUsed = s.retriesUsed;
            job = s.job;
            watch = s.watch;
            startedAt = s.startedAt;
            backoffUntil = s.backoffUntil;
            attempts = s.attempts;
            reused = s.reused;
        }
    }

    private static SubmitState made(Consumer<Draft> fields) {
        Draft d = new Draft();
        fields.accept(d);
        return new SubmitState(d);
    }

    private SubmitState with(Consumer<Draft> change) {
        Draft d = new Draft(this);
        change.accept(d);
        return new SubmitState(d);
    }

    /**
     * A submit about to start at {@code now} (the wait budget counts from it).
     *
     * @param baseToken the submit's token, or {@code null} while reuse has yet to name it
     * @param tokenMayBeInUse whether jobs may exist under it already (a token the user gave)
     */
    public static SubmitState start(String baseToken, boolean tokenMayBeInUse, Instant now) {
        if (baseToken != null) {
            ClientToken.require("clientToken", baseToken);
        }
        return made(d -> {
            d.baseToken = baseToken;
            d.tokenMayBeInUse = tokenMayBeInUse;
            d.startedAt = now;
        });
    }

    /**
     * The state of a submit saved by a release before this one, which kept only its base token and the
     * number of the attempt it saved last: a resume looks every attempt up under the token and goes on
     * from the last one found (as that release did).
     *
     * @param planOrder the targets' numbers in the order chosen then; empty when not known (one target)
     * @param startedAt the best known start of the submit (its wait budget counts from it)
     */
    public static SubmitState savedBefore(
            String baseToken, List<Integer> planOrder, int attempt, JobRef job, WatchState watch, Instant startedAt) {
        return made(d -> {
            d.baseToken = baseToken;
            d.tokenMayBeInUse = true;
            d.planOrder = planOrder.isEmpty() ? List.of(1) : planOrder;
            d.stage = watch != null && job != null ? Stage.WATCHING : Stage.LOOKING_UP;
            d.attempt = Math.max(1, attempt);
            d.job = job;
            d.watch = watch;
            d.startedAt = startedAt;
        });
    }

    /**
     * A job that exists already, followed as the only attempt of a submit that creates nothing (await): no
     * token, the job known from the start.
     *
     * @param watch the job's watch as an earlier release saved it, or {@code null} for a fresh one
     */
    public static SubmitState following(JobRef job, WatchState watch, Instant now) {
        return made(d -> {
            d.planOrder = List.of(1);
            d.stage = Stage.WATCHING;
            d.attempt = 1;
            d.job = job;
            d.watch = watch;
            d.startedAt = watch != null ? watch.startedAt() : now;
        });
    }

    /** Whether this submit follows a job it did not create (await): nothing to create, nothing to resume by token. */
    public boolean follows() {
        return baseToken == null && stage == Stage.WATCHING && job != null && reused == null;
    }

    // ---- transitions ----

    /** Reuse named the token family whose next attempt this submit creates, or the earlier job it returns. */
    SubmitState named(String token, Map<String, String> reused) {
        return with(d -> {
            d.baseToken = token;
            d.tokenMayBeInUse = true;
            d.reused = reused;
        });
    }

    /** The order to try the targets in (and each one's pre-flight verdict), chosen before the first create. */
    SubmitState planned(List<Integer> order, Map<Integer, Verdict> verdicts) {
        return with(d -> {
            d.planOrder = order;
            d.verdicts = verdicts;
        });
    }

    /**
     * Attempt {@code n}, at {@code index} in the plan, is about to be created under its own token; the first
     * attempt's is the submit's start, from which its wait budget counts (not the look-ups and pre-flight).
     */
    SubmitState tokenSaved(int n, int index, Instant now) {
        boolean first = attempts.isEmpty() && (stage == Stage.PLANNING || stage == Stage.LOOKING_UP);
        return with(d -> {
            d.stage = Stage.TOKEN_SAVED;
            d.attempt = n;
            d.targetIndex = index;
            d.job = null;
            d.watch = null;
            d.backoffUntil = null;
            if (first) {
                d.startedAt = now;
            }
        });
    }

    /** Attempt {@code n}'s job is known (created, or found by a look-up): it is watched next. */
    SubmitState watching(int n, int index, JobRef job) {
        return with(d -> {
            d.stage = Stage.WATCHING;
            d.attempt = n;
            d.targetIndex = index;
            d.job = job;
            d.watch = null;
            d.backoffUntil = null;
        });
    }

    /** The watch's durable state changed. */
    SubmitState watched(WatchState w) {
        return with(d -> d.watch = w);
    }

    /** The current job is stopped before moving to the next target. */
    SubmitState stopping() {
        return with(d -> {
            d.stage = Stage.STOPPING;
            d.backoffUntil = null;
        });
    }

    /** The current job failed; attempt n + 1 follows on the same target once {@code until} has passed. */
    SubmitState backingOff(Instant until) {
        return with(d -> {
            d.stage = Stage.BACKING_OFF;
            d.retriesUsed++;
            d.backoffUntil = until;
        });
    }

    /** One more attempt has ended (kept in order, for the result). */
    SubmitState ended(Attempt a) {
        List<Attempt> all = new ArrayList<>(attempts);
        all.add(a);
        return with(d -> d.attempts = all);
    }

    /** A retry was counted (a resume that found a later attempt of the same target). */
    SubmitState retryCounted() {
        return with(d -> d.retriesUsed++);
    }

    /** The submit ended. */
    SubmitState done() {
        return with(d -> {
            d.stage = Stage.ENDED;
            d.backoffUntil = null;
        });
    }

    // ---- reads ----

    /** The submit's token: attempt n's is {@code ClientToken.forAttempt(baseToken, n)}; null before reuse named it. */
    public String baseToken() {
        return baseToken;
    }

    public boolean tokenMayBeInUse() {
        return tokenMayBeInUse;
    }

    /** The targets' numbers in the order to try them; empty before the plan. */
    public List<Integer> planOrder() {
        return List.copyOf(planOrder);
    }

    /** Each planned target's pre-flight verdict, by number (none when pre-flight did not judge it). */
    public Map<Integer, Verdict> verdicts() {
        return Map.copyOf(verdicts);
    }

    public Stage stage() {
        return stage;
    }

    /** The current attempt's number (1 for the first); 0 before the first. */
    public int attempt() {
        return attempt;
    }

    /** The current attempt's place in {@link #planOrder()}. */
    public int targetIndex() {
        return targetIndex;
    }

    public int retriesUsed() {
        return retriesUsed;
    }

    /** The current attempt's job, once created or found; {@code null} before. */
    public JobRef job() {
        return job;
    }

    /** The current attempt's watch, once started; {@code null} before. */
    public WatchState watch() {
        return watch;
    }

    /** When the submit's first attempt was about to be created: its wait budget counts from here, across restarts. */
    public Instant startedAt() {
        return startedAt;
    }

    /** When the retry back-off ends ({@link Stage#BACKING_OFF}); {@code null} otherwise. */
    public Instant backoffUntil() {
        return backoffUntil;
    }

    /** The attempts that ended, in order. */
    public List<Attempt> attempts() {
        return List.copyOf(attempts);
    }

    /** The {@code reused} document when reuse returned an earlier job; {@code null} otherwise. */
    public Map<String, String> reused() {
        return reused == null ? null : Map.copyOf(reused);
    }

    /** The current attempt's token; {@code null} before the first attempt. */
    public String currentToken() {
        return baseToken == null || attempt < 1 ? null : ClientToken.forAttempt(baseToken, attempt);
    }

    @Override
    public String toString() {
        return "SubmitState[" + stage + ", attempt " + attempt + ", target index " + targetIndex + ", token "
                + baseToken + ", job " + (job == null ? "-" : job.id()) + "]";
    }
}
