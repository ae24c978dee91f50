package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreHmacSigner.Scheme;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

// Isolated: changes the default locale (junit-platform.properties runs other classes concurrently).
@Isolated
class SenseCoreHmacSignerTest {

    private static final Instant VECTOR_TIME = Instant.parse("2023-07-26T11:36:03Z");
    private static final String VECTOR_DATE = "Wed, 26 Jul 2023 11:36:03 GMT";
    private static final String HOST = "aec2.cn-sh-01.sensecoreapi.cn";
    private static final String TARGET = "/compute/acp/data/v2/subscriptions/sub/resourceGroups/default/zones/cn-sh-01z"
            + "/workspaces/ws/trainingJobs?page_size=10&page_token=1";
    private static final Credentials TEST_KEYS = Credentials.of("test-ak", "test-sk");

    private static SenseCoreHmacSigner signer(Scheme scheme) {
        return new SenseCoreHmacSigner(TEST_KEYS, scheme);
    }

    @Test
    void schemeAReproducesTheXDateVector() {
        Map<String, String> headers = signer(Scheme.X_DATE).headers(VECTOR_TIME, "GET", HOST, TARGET);

        assertThat(headers)
                .containsExactly(
                        Map.entry("X-Date", VECTOR_DATE),
                        Map.entry(
                                "Authorization",
                                "hmac accesskey=\"test-ak\", algorithm=\"hmac-sha256\", headers=\"x-date\","
                                        + " signature=\"8/6J3PFW1Y1GGLs6XdO2v+V6wPydQ9EfKSM5MAhjdS4=\""));
    }

    @Test
    void schemeASignsOnlyTheDateSoMethodAndPathDoNotMatter() {
        assertThat(SenseCoreHmacSigner.expectedSignature(Scheme.X_DATE, "test-sk", VECTOR_DATE, "other", "POST", "/x"))
                .isEqualTo("8/6J3PFW1Y1GGLs6XdO2v+V6wPydQ9EfKSM5MAhjdS4=");
    }

    @Test
    void schemeBReproducesTheDateHostRequestTargetVector() {
        Map<String, String> headers = signer(Scheme.DATE_HOST_TARGET).headers(VECTOR_TIME, "GET", HOST, TARGET);

        assertThat(headers)
                .containsExactly(
                        Map.entry("Date", VECTOR_DATE),
                        Map.entry("Host", HOST),
                        Map.entry(
                                "Authorization",
                                "hmac accesskey=\"test-ak\", algorithm=\"hmac-sha256\","
                                        + " headers=\"date host @request-target\","
                                        + " signature=\"fxgFwFwDklbPW3jvuS+etNcmm3K+OItRrF977fVxEmo=\""));
    }

    @Test
    void schemeBSignedTextHasLowerCaseMethodAndNewlineSeparatedLines() {
        assertThat(SenseCoreHmacSigner.stringToSign(Scheme.DATE_HOST_TARGET, VECTOR_DATE, HOST, "GET", TARGET))
                .isEqualTo("date: " + VECTOR_DATE + "\nhost: " + HOST + "\n@request-target: get " + TARGET);
    }

    @Test
    void datesStayEnglishUnderANonEnglishDefaultLocale() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.CHINA);
            assertThat(signer(Scheme.X_DATE)
                            .headers(VECTOR_TIME, "GET", HOST, TARGET)
                            .get("Authorization"))
                    .contains("signature=\"8/6J3PFW1Y1GGLs6XdO2v+V6wPydQ9EfKSM5MAhjdS4=\"");
            Locale.setDefault(Locale.GERMANY);
            assertThat(SenseCoreHmacSigner.formatDate(VECTOR_TIME)).isEqualTo(VECTOR_DATE);
        } finally {
            Locale.setDefault(saved);
        }
    }

    @Test
    void singleDigitDaysArePaddedToTwoDigitsAsHttpDatesRequire() {
        assertThat(SenseCoreHmacSigner.formatDate(Instant.parse("2024-03-05T01:02:03Z")))
                .isEqualTo("Tue, 05 Mar 2024 01:02:03 GMT");
    }

    @Test
    void theSecretAppearsNeitherInHeadersNorInToString() {
        SenseCoreHmacSigner signer = signer(Scheme.X_DATE);
        assertThat(signer.headers(VECTOR_TIME, "GET", HOST, TARGET).values()).noneMatch(v -> v.contains("test-sk"));
        assertThat(signer.toString()).doesNotContain("test-sk").contains("test-ak");
    }

    @Test
    void aReceivedAuthorizationHeaderParsesBackIntoItsParameters() {
        String header =
                signer(Scheme.X_DATE).headers(VECTOR_TIME, "GET", HOST, TARGET).get("Authorization");

        SenseCoreHmacSigner.Authorization auth =
                SenseCoreHmacSigner.Authorization.parse(header).orElseThrow();

        assertThat(auth)
                .isEqualTo(new SenseCoreHmacSigner.Authorization(
                        "test-ak", "hmac-sha256", "x-date", "8/6J3PFW1Y1GGLs6XdO2v+V6wPydQ9EfKSM5MAhjdS4="));
        assertThat(auth.scheme()).contains(Scheme.X_DATE);
        assertThat(SenseCoreHmacSigner.Authorization.parse("Bearer abc")).isEmpty();
        assertThat(SenseCoreHmacSigner.Authorization.parse("hmac accesskey=\"a\""))
                .isEmpty();
    }
}
