package io.jenkins.plugins.trainingjob.simulator.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The simulator writes event times the way the AIHC event docs print them. */
class AihcJobsApiEventTimeTest {

    @Test
    void eventTimesAreGoTimeStringsInUtc() {
        assertThat(AihcJobsApi.eventTime(Instant.parse("2024-07-15T16:52:50.700Z")))
                .isEqualTo("2024-07-15 16:52:50 +0000 UTC");
        assertThat(AihcJobsApi.eventTime(null)).isEmpty();
    }
}
