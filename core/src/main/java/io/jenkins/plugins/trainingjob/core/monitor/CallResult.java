package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.util.function.Supplier;

/**
 * What one platform call gave: a value or a classified failure. Carried from a call thread to the scheduler.
 *
 * @param value the call's value when it succeeded (may be {@code null} for a call without one)
 * @param error the failure, or {@code null} when the call succeeded
 */
public record CallResult<T>(T value, PlatformException error) {

    public boolean ok() {
        return error == null;
    }

    static <T> CallResult<T> failed(PlatformException error) {
        return new CallResult<>(null, error);
    }

    /** Runs a call; anything but a {@link PlatformException} is a client bug and gets classified as one. */
    static <T> CallResult<T> of(PlatformKind platform, String operation, Supplier<T> call) {
        try {
            return new CallResult<>(call.get(), null);
        } catch (PlatformException e) {
            return failed(e);
        } catch (RuntimeException e) {
            return failed(new UnexpectedFailureException(platform, operation, e));
        }
    }
}
