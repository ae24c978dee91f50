package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * What a client does after a create whose outcome is unknown (a timeout, a reset, a 5xx, a cut answer):
 * it never repeats the create blindly, it looks the job up, waiting before each look because the job may
 * take a moment to appear, and when the look-ups find nothing it says so in one wording: the create may
 * not have happened, here is why, the job may still appear.
 *
 * <p>Platform-neutral: a client supplies only how to find the job it would have created (its
 * {@link TrainingPlatform#findSubmitted}, bound to the spec and token) and which look-up failures mean
 * "look again". The schedules of waits are here too, so a new client gets recovery by choosing one.
 */
public final class CreateRecovery {

    /** The first waits after a create that got an answer: it has been handled by then, seconds suffice. */
    public static final List<Duration> ANSWERED_WAITS =
            List.of(Duration.ZERO, Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(4));
    /** The longest wait between the look-ups that follow a create that got no answer at all. */
    static final Duration MAX_WAIT = Duration.ofSeconds(30);

    private final TimeSource time;
    private final Predicate<PlatformException> lookAgain;

    private CreateRecovery(TimeSource time, Predicate<PlatformException> lookAgain) {
        this.time = Objects.requireNonNull(time, "time");
        this.lookAgain = Objects.requireNonNull(lookAgain, "lookAgain");
    }

    /**
     * @param time sleeps between look-ups (the client's, so a test's manual clock counts them)
     * @param lookAgain which failures of a look-up mean "not known yet, look again"; any other is thrown
     */
    public static CreateRecovery of(TimeSource time, Predicate<PlatformException> lookAgain) {
        return new CreateRecovery(time, lookAgain);
    }

    /** How a client finds the job a create would have made: {@code findSubmitted} bound to spec and token. */
    @FunctionalInterface
    public interface Finder {
        Optional<JobRef> find();
    }

    /**
     * The waits before each look-up after {@code cause}. A create that got an answer (a 5xx, a cut body)
     * has been handled by then: {@link #ANSWERED_WAITS}. One that got none (a timeout, a reset) may still
     * be running on the server, so the look-ups go on, doubling their waits up to {@link #MAX_WAIT},
     * until they have covered the read timeout again.
     */
    public static List<Duration> waitsAfter(TransientException cause, Duration readTimeout) {
        List<Duration> waits = new ArrayList<>(ANSWERED_WAITS);
        if (cause.httpStatus() != 0) {
            return waits;
        }
        Duration total = waits.stream().reduce(Duration.ZERO, Duration::plus);
        Duration next = waits.get(waits.size() - 1).multipliedBy(2);
        while (total.compareTo(readTimeout) < 0) {
            waits.add(next);
            total = total.plus(next);
            next = next.multipliedBy(2).compareTo(MAX_WAIT) > 0 ? MAX_WAIT : next.multipliedBy(2);
        }
        return waits;
    }

    /** {@code lookups} look-ups, each after the same {@code wait}. */
    public static List<Duration> evenly(int lookups, Duration wait) {
        if (lookups < 1) {
            throw new IllegalArgumentException("lookups must be at least 1, was " + lookups);
        }
        return Collections.nCopies(lookups, Objects.requireNonNull(wait, "wait"));
    }

    /**
     * Looks the job up once after each wait, until it is found. A look-up failure that
     * {@code lookAgain} accepts is remembered and the next look-up made; an interrupt ends the search
     * (the thread's interrupt flag is set again) with what it has.
     */
    public Search search(List<Duration> waits, Finder finder) {
        PlatformException lastFailure = null;
        int lookups = 0;
        Duration waited = Duration.ZERO;
        for (Duration wait : waits) {
            try {
                time.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Search(Optional.empty(), lookups, waited, lastFailure, e);
            }
            lookups++;
            waited = waited.plus(wait);
            try {
                Optional<JobRef> found = finder.find();
                if (found.isPresent()) {
                    return new Search(found, lookups, waited, null, null);
                }
                lastFailure = null;
            } catch (PlatformException e) {
                if (!lookAgain.test(e)) {
                    throw e;
                }
                lastFailure = e;
            }
        }
        return new Search(Optional.empty(), lookups, waited, lastFailure, null);
    }

    /**
     * The outcome of the look-ups.
     *
     * @param lastFailure the last look-up's failure when it failed, else {@code null}
     * @param interruption the interrupt that ended the look-ups early, else {@code null}
     */
    public record Search(
            Optional<JobRef> found,
            int lookups,
            Duration waited,
            PlatformException lastFailure,
            InterruptedException interruption) {
        public Search {
            Objects.requireNonNull(found, "found");
            Objects.requireNonNull(waited, "waited");
        }

        /** Whether an interrupt ended the look-ups before their schedule did. */
        public boolean interrupted() {
            return interruption != null;
        }
    }

    /**
     * The failure after look-ups that found nothing, when nothing was resubmitted (the job is known by
     * its client token): names the lost answer, what the look-ups saw, and that the job may still appear.
     */
    public static UncertainCreateException nothingResubmitted(
            TransientException cause, Search miss, String jobName, String clientToken) {
        String what = miss.lastFailure() == null
                ? "no job named '" + jobName + "' with client token " + clientToken + " appeared after "
                        + miss.lookups() + " look-up(s) over " + miss.waited().toSeconds() + "s"
                : "the look-up for client token " + clientToken + " failed too ("
                        + miss.lastFailure().getMessage() + ")";
        return UncertainCreateException.after(
                cause,
                "the create may not have happened: " + cause.detail() + "; " + what
                        + "; nothing was resubmitted; the job may still appear",
                clientToken,
                jobName);
    }

    /**
     * The failure when a platform whose job name is its idempotency key was asked once more and that
     * answer was lost too: {@code again} is the second create's failure, {@code first} is kept as
     * suppressed, and {@code lookups} counts the look-ups of both rounds.
     */
    public static UncertainCreateException afterResubmitByName(
            TransientException first, TransientException again, int lookups, String jobName) {
        UncertainCreateException unknown = UncertainCreateException.after(
                again,
                "the create may not have happened: " + again.detail() + "; no training job named '" + jobName
                        + "' appeared after " + lookups + " look-ups; the job may still appear",
                null,
                jobName);
        unknown.addSuppressed(first);
        return unknown;
    }
}
