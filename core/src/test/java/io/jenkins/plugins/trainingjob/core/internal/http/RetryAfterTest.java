package io.jenkins.plugins.trainingjob.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RetryAfterTest {

    private static final Instant NOW = Instant.parse("2015-10-21T07:28:00Z");

    @Test
    void deltaSecondsAreAWaitInSeconds() {
        assertThat(RetryAfter.parse("120", NOW)).isEqualTo(Duration.ofSeconds(120));
        assertThat(RetryAfter.parse(" 0 ", NOW)).isEqualTo(Duration.ZERO);
    }

    @Test
    void anHttpDateIsMeasuredFromNow() {
        assertThat(RetryAfter.parse("Wed, 21 Oct 2015 07:28:30 GMT", NOW)).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void aDateInThePastMeansNoWait() {
        assertThat(RetryAfter.parse("Wed, 21 Oct 2015 07:00:00 GMT", NOW)).isEqualTo(Duration.ZERO);
    }

    @Test
    void absentOrUnreadableValuesGiveNull() {
        assertThat(RetryAfter.parse(null, NOW)).isNull();
        assertThat(RetryAfter.parse("", NOW)).isNull();
        assertThat(RetryAfter.parse("soon", NOW)).isNull();
        assertThat(RetryAfter.parse("-5", NOW)).isNull();
        assertThat(RetryAfter.parse("99999999999999999999999", NOW)).isNull();
    }
}
