package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.text.DurationText;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;

/**
 * Lower bounds on how often the CLI asks a platform something, so a typo ({@code 1ms}) cannot flood a
 * shared API. A loopback endpoint (the simulator, a local proxy) is the user's own and is exempt: tests
 * and demos poll it fast.
 */
final class IntervalFloor {

    static final Duration POLL = Duration.ofSeconds(1);
    static final Duration HEARTBEAT = Duration.ofSeconds(10);

    private IntervalFloor() {}

    /** Refuses {@code value} below {@code floor} unless the endpoint is on this machine. */
    static void check(String option, Duration value, Duration floor, ConnectionSettings settings) {
        if (value == null || value.compareTo(floor) >= 0 || isLoopback(settings)) {
            return;
        }
        throw CliException.invalidInput(option + ": must be at least " + DurationText.exact(floor)
                + " (it paces calls to a shared platform), was " + DurationText.exact(value));
    }

    static boolean isLoopback(ConnectionSettings settings) {
        URI endpoint = settings.resolvedEndpoint();
        String host = endpoint == null ? null : endpoint.getHost();
        if (host == null) {
            return false;
        }
        if (host.equalsIgnoreCase("localhost")) {
            return true;
        }
        // Only literal addresses: a name is not resolved just to decide this.
        if (!host.matches("[0-9.]+|\\[?[0-9a-fA-F:]+]?")) {
            return false;
        }
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
