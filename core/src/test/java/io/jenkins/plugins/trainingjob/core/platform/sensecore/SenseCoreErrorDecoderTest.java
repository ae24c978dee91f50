package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jenkins.plugins.trainingjob.core.internal.http.ApiCall;
import io.jenkins.plugins.trainingjob.core.internal.http.ApiResponse;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.QuotaExceededException;
import io.jenkins.plugins.trainingjob.core.platform.RateLimitedException;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.testkit.ManualClock;
import java.time.Duration;
import java.time.Instant;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.Test;

class SenseCoreErrorDecoderTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ApiCall CALL = ApiCall.get("GET trainingJobs/{name}", HttpUrl.get("https://h/x"));
    private final SenseCoreErrorDecoder decoder =
            new SenseCoreErrorDecoder(new ManualClock(Instant.parse("2026-11-30T10:00:00Z")));

    private PlatformException decode(int status, String body, String... headers) {
        JsonNode json;
        try {
            json = JSON.readTree(body);
        } catch (Exception notJson) {
            json = null;
        }
        return decoder.decode(CALL, new ApiResponse(status, Headers.of(headers), body, json));
    }

    @Test
    void aSuccessIsNoError() {
        assertThat(decode(200, "{\"code\": 0}")).isNull();
    }

    @Test
    void memberQuotaExceededIsRecognisedInCodeMessageOrReason() {
        assertThat(decode(429, "{\"code\": \"MEMBER_QUOTA_EXCEEDED\"}")).isInstanceOf(QuotaExceededException.class);
        assertThat(decode(409, "{\"message\": \"rejected: MEMBER_QUOTA_EXCEEDED\"}"))
                .isInstanceOf(QuotaExceededException.class);
        assertThat(decode(429, "{\"details\": [{\"reason\": \"MEMBER_QUOTA_EXCEEDED\"}]}"))
                .isInstanceOf(QuotaExceededException.class);
    }

    @Test
    void anyOther429IsRateLimitingWithRetryAfter() {
        assertThat(decode(429, "{\"code\": 8, \"message\": \"slow down\"}", "Retry-After", "12"))
                .isInstanceOfSatisfying(RateLimitedException.class, e -> assertThat(e.retryAfter())
                        .isEqualTo(Duration.ofSeconds(12)));
    }

    @Test
    void aConflictWithoutQuotaIsAnAlreadyExistsInvalidRequest() {
        PlatformException e = decode(409, "{\"code\": 6, \"message\": \"exists\"}");

        assertThat(e).isInstanceOfSatisfying(InvalidRequestException.class, invalid -> assertThat(invalid.reason())
                .isEqualTo("ALREADY_EXISTS"));
        assertThat(SenseCoreErrorDecoder.isAlreadyExists(e)).isTrue();
        assertThat(SenseCoreErrorDecoder.isAlreadyExists(decode(400, "{\"message\": \"job already exists\"}")))
                .isTrue();
        assertThat(SenseCoreErrorDecoder.isAlreadyExists(decode(409, "{\"code\": \"MEMBER_QUOTA_EXCEEDED\"}")))
                .isFalse();
        assertThat(SenseCoreErrorDecoder.isAlreadyExists(decode(400, "{\"message\": \"bad\"}")))
                .isFalse();
    }

    @Test
    void aNonJsonBadRequestQuotesAnExcerptWithoutControlCharacters() {
        assertThat(decode(400, "<html>\u001b[2Jbad\nrequest</html>"))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.getMessage())
                        .contains("unexpected non-JSON response: <html>bad request</html>")
                        .doesNotContain("\u001b"));
    }

    @Test
    void aServerErrorIsTransientWithTheRpcCodeName() {
        assertThat(decode(503, "{\"code\": 14, \"message\": \"backend unavailable\"}"))
                .isInstanceOfSatisfying(TransientException.class, e -> assertThat(e.getMessage())
                        .isEqualTo("SenseCore ACP GET trainingJobs/{name}: backend unavailable"
                                + " (HTTP 503, code UNAVAILABLE)"));
    }
}
