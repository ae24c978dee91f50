package io.jenkins.plugins.trainingjob.core.platform.aihc;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class AihcTimeTest {

    /** Event times as the v1/v2 event docs print them (Go's time.Time.String()), and job times (RFC 3339). */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "2024-07-15 16:52:50 +0000 UTC         | 2024-07-15T16:52:50Z",
                "2024-07-15 16:52:50.123456789 +0000 UTC | 2024-07-15T16:52:50.123456789Z",
                "2024-07-16 00:52:50 +0800 CST         | 2024-07-15T16:52:50Z",
                "2024-07-15 12:22:50 -0430 -0430       | 2024-07-15T16:52:50Z",
                "2024-07-15 16:52:50 +0000 UTC m=+0.001 | 2024-07-15T16:52:50Z",
                "2024-07-16T17:20:04Z                  | 2024-07-16T17:20:04Z",
                "2024-07-17T01:20:04+08:00             | 2024-07-16T17:20:04Z"
            })
    void readsBothFormats(String text, String expected) {
        assertThat(AihcTime.parse(text)).isEqualTo(Instant.parse(expected));
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(
            strings = {
                "  ",
                "yesterday",
                "2024-07-15",
                "2024-07-15 16:52",
                "2024-13-15 16:52:50 +0000 UTC",
                "2024-07-15 16:52:50 +9900 UTC",
                "1721062370"
            })
    void anythingElseIsUnknown(String text) {
        assertThat(AihcTime.parse(text)).isNull();
    }
}
