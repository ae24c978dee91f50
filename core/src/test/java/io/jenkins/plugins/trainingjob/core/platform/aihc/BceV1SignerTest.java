package io.jenkins.plugins.trainingjob.core.platform.aihc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import okhttp3.HttpUrl;
import okhttp3.Request;
import org.junit.jupiter.api.Test;

/** Reproduces the published BCE v1 test vectors (A, B, C), the AIHC-shaped ones (D, E) and encodings. */
class BceV1SignerTest {

    private static final String AK = "a".repeat(32);
    private static final String SK = "b".repeat(32);
    private static final Instant TS = Instant.parse("2015-04-27T08:23:49Z");
    private static final String PATH = "/v1/test/myfolder/readme.txt";
    private static final List<Map.Entry<String, String>> QUERY =
            List.of(Map.entry("partNumber", "9"), Map.entry("uploadId", "a44cc9bab11cbd156984767aad637851"));
    private static final String PREFIX = "bce-auth-v1/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/2015-04-27T08:23:49Z/1800";

    private static Map<String, String> bosHeaders() {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Host", "bj.bcebos.com");
        h.put("Date", "Mon, 27 Apr 2015 16:23:49 +0800");
        h.put("Content-Type", "text/plain");
        h.put("Content-Length", "8");
        h.put("Content-Md5", "NFzcPqhviddjRNnSOGo4rw==");
        h.put("x-bce-date", "2015-04-27T08:23:49Z");
        return h;
    }

    private static Map<String, String> aihcHeaders() {
        return Map.of("Host", "aihc.bj.baidubce.com", "x-bce-date", "2015-04-27T08:23:49Z");
    }

    @Test
    void signingKeyIsTheHexHmacOfTheAuthStringPrefix() {
        assertThat(BceV1Signer.signingKey(SK, PREFIX))
                .isEqualTo("1d5ce5f464064cbee060330d973218821825ac6952368a482a592e6615aef479");
    }

    @Test
    void vectorA_defaultHeaderSet() {
        assertThat(BceV1Signer.canonicalRequest("PUT", PATH, QUERY, bosHeaders(), List.of()))
                .isEqualTo("""
                PUT
                /v1/test/myfolder/readme.txt
                partNumber=9&uploadId=a44cc9bab11cbd156984767aad637851
                content-length:8
                content-md5:NFzcPqhviddjRNnSOGo4rw%3D%3D
                content-type:text%2Fplain
                host:bj.bcebos.com
                x-bce-date:2015-04-27T08%3A23%3A49Z""");

        BceAuthorization auth = BceV1Signer.authorize(AK, SK, "PUT", PATH, QUERY, bosHeaders(), TS, 1800, List.of());

        assertThat(auth.signature()).isEqualTo("d74a04362e6a848f5b39b15421cb449427f419c95a480fd6b8cf9fc783e2999e");
        assertThat(auth.toString())
                .isEqualTo("bce-auth-v1/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/2015-04-27T08:23:49Z/1800//"
                        + "d74a04362e6a848f5b39b15421cb449427f419c95a480fd6b8cf9fc783e2999e");
    }

    @Test
    void vectorA_withTheSameHeadersListedExplicitly() {
        BceAuthorization auth = BceV1Signer.authorize(
                AK,
                SK,
                "PUT",
                PATH,
                QUERY,
                bosHeaders(),
                TS,
                1800,
                List.of("x-bce-date", "host", "content-type", "content-md5", "content-length"));

        assertThat(auth.signature()).isEqualTo("d74a04362e6a848f5b39b15421cb449427f419c95a480fd6b8cf9fc783e2999e");
        assertThat(auth.toString())
                .isEqualTo(PREFIX + "/content-length;content-md5;content-type;host;x-bce-date/"
                        + "d74a04362e6a848f5b39b15421cb449427f419c95a480fd6b8cf9fc783e2999e");
    }

    @Test
    void vectorB_hostAndDateOnly() {
        List<String> signed = List.of("host", "x-bce-date");
        assertThat(BceV1Signer.canonicalRequest("PUT", PATH, QUERY, bosHeaders(), signed))
                .isEqualTo("""
                PUT
                /v1/test/myfolder/readme.txt
                partNumber=9&uploadId=a44cc9bab11cbd156984767aad637851
                host:bj.bcebos.com
                x-bce-date:2015-04-27T08%3A23%3A49Z""");

        BceAuthorization auth = BceV1Signer.authorize(AK, SK, "PUT", PATH, QUERY, bosHeaders(), TS, 1800, signed);

        assertThat(auth.toString())
                .isEqualTo("bce-auth-v1/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/2015-04-27T08:23:49Z/1800/"
                        + "host;x-bce-date/1b8de5a23a56eef657c69f94c621e7acd227d049a4ba577f537d5e5cebf0cf32");
    }

    @Test
    void vectorC_defaultSetWithoutQuery() {
        assertThat(BceV1Signer.canonicalRequest("PUT", PATH, List.of(), bosHeaders(), List.of()))
                .startsWith("PUT\n/v1/test/myfolder/readme.txt\n\ncontent-length:8\n");

        BceAuthorization auth =
                BceV1Signer.authorize(AK, SK, "PUT", PATH, List.of(), bosHeaders(), TS, 1800, List.of());

        assertThat(auth.signature()).isEqualTo("0558aac491bbef484d3aaa30ac1e65d4ff10daccd351f15c91e922ee4ce72690");
    }

    @Test
    void vectorD_diagnosisQuery() {
        List<Map.Entry<String, String>> query = List.of(Map.entry("diagnosisId", "9de03782-1b7f-4183-951b-xxxxxxxx"));
        String path = "/api/v1/aifd/schedulediagnosis/job/query";
        List<String> signed = List.of("host", "x-bce-date");
        assertThat(BceV1Signer.canonicalRequest("GET", path, query, aihcHeaders(), signed))
                .isEqualTo("""
                GET
                /api/v1/aifd/schedulediagnosis/job/query
                diagnosisId=9de03782-1b7f-4183-951b-xxxxxxxx
                host:aihc.bj.baidubce.com
                x-bce-date:2015-04-27T08%3A23%3A49Z""");

        BceAuthorization auth = BceV1Signer.authorize(AK, SK, "GET", path, query, aihcHeaders(), TS, 1800, signed);

        assertThat(auth.signature()).isEqualTo("3b098c513271d61ebf86ef59dc658e6b25aef31ca6ef111fd0e097dd636453e8");
    }

    @Test
    void vectorE_v2ActionOnTheRootPath() {
        List<Map.Entry<String, String>> query = List.of(
                Map.entry("action", "CreateJob"),
                Map.entry("resourcePoolId", "cce-xxxxxxxx"),
                Map.entry("queueID", "default"));
        assertThat(BceV1Signer.canonicalUri("")).isEqualTo("/");
        assertThat(BceV1Signer.canonicalQueryString(query))
                .isEqualTo("action=CreateJob&queueID=default&resourcePoolId=cce-xxxxxxxx");

        BceAuthorization auth = BceV1Signer.authorize(
                AK, SK, "POST", "/", query, aihcHeaders(), TS, 1800, List.of("host", "x-bce-date"));

        assertThat(auth.signature()).isEqualTo("0a14d92fefee473f8c1a07b4ba9e57da774ef1d28729be44dadabb73d0713ff8");
    }

    @Test
    void uriEncodeFollowsTheBceRules() {
        assertThat(BceV1Signer.uriEncode("NFzcPqhviddjRNnSOGo4rw==", true)).isEqualTo("NFzcPqhviddjRNnSOGo4rw%3D%3D");
        assertThat(BceV1Signer.uriEncode("text/plain", true)).isEqualTo("text%2Fplain");
        assertThat(BceV1Signer.uriEncode("Mon, 27 Apr 2015 16:23:49 +0800", true))
                .isEqualTo("Mon%2C%2027%20Apr%202015%2016%3A23%3A49%20%2B0800");
        assertThat(BceV1Signer.uriEncode("a-_.~Z9", true)).isEqualTo("a-_.~Z9");
        assertThat(BceV1Signer.uriEncode("/a b/c", false)).isEqualTo("/a%20b/c");
        assertThat(BceV1Signer.uriEncode("测", true)).isEqualTo("%E6%B5%8B");
    }

    @Test
    void theQueryIsSortedOnWholeKeyValueStrings() {
        List<Map.Entry<String, String>> query =
                List.of(Map.entry("text", ""), Map.entry("text1", "测试"), Map.entry("text10", "test"));
        assertThat(BceV1Signer.canonicalQueryString(query)).isEqualTo("text10=test&text1=%E6%B5%8B%E8%AF%95&text=");
    }

    @Test
    void anAuthorizationQueryParameterAndEmptyHeadersAreNotSigned() {
        assertThat(BceV1Signer.canonicalQueryString(List.of(Map.entry("Authorization", "x"), Map.entry("a", "1"))))
                .isEqualTo("a=1");
        assertThat(BceV1Signer.canonicalHeaders(Map.of("host", "h", "x-bce-empty", " "), List.of()))
                .isEqualTo("host:h");
    }

    /**
     * Security review S3: v1 has no payload hash, so a request with a body signs the headers that bind it,
     * exactly the list vector A proves the gateway computes ({@link #vectorA_withTheSameHeadersListedExplicitly}),
     * with the Content-MD5 of the body actually sent.
     */
    @Test
    void signingARequestWithABodyBindsItWithVectorAsExplicitHeaderList() {
        byte[] body = "12345678".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        Request request = new Request.Builder()
                .url(
                        "http://bj.bcebos.com/v1/test/myfolder/readme.txt?partNumber=9&uploadId=a44cc9bab11cbd156984767aad637851")
                .put(okhttp3.RequestBody.create(body, okhttp3.MediaType.get("text/plain")))
                .build();

        Request signed = new BceV1Signer(Credentials.of(AK, SK)).sign(request, TS.plusMillis(700));

        assertThat(signed.header("Host")).isEqualTo("bj.bcebos.com");
        assertThat(signed.header("x-bce-date")).isEqualTo("2015-04-27T08:23:49Z");
        assertThat(signed.header("Content-MD5")).isEqualTo("JdVa0oOqQAr0ZMdtcTwHrQ==");
        Map<String, String> sent = new LinkedHashMap<>(bosHeaders());
        sent.put("Content-Md5", "JdVa0oOqQAr0ZMdtcTwHrQ==");
        BceAuthorization expected = BceV1Signer.authorize(
                AK,
                SK,
                "PUT",
                PATH,
                QUERY,
                sent,
                TS,
                1800,
                List.of("content-length", "content-md5", "content-type", "host", "x-bce-date"));
        assertThat(signed.header("Authorization"))
                .isEqualTo(expected.toString())
                .startsWith(PREFIX + "/content-length;content-md5;content-type;host;x-bce-date/");
        assertThat(signed.header("x-bce-security-token")).isNull();
    }

    @Test
    void aRequestWithoutABodyStillSignsHostAndDateOnlyAsTheAihcDocsRecommend() {
        Request request = new Request.Builder()
                .url("https://aihc.bj.baidubce.com/api/v1/aijobs?resourcePoolId=p")
                .build();

        Request signed = new BceV1Signer(Credentials.of(AK, SK)).sign(request, TS);

        assertThat(BceAuthorization.parse(signed.header("Authorization")).signedHeaders())
                .containsExactly("host", "x-bce-date");
        assertThat(signed.header("Content-MD5")).isNull();
    }

    @Test
    void anStsTokenIsSentAndSigned() {
        Request request = new Request.Builder()
                .url("https://aihc.bj.baidubce.com/api/v1/aijobs?resourcePoolId=p")
                .build();

        Request signed = new BceV1Signer(Credentials.of(AK, SK, "sts-token")).sign(request, TS);

        assertThat(signed.header("x-bce-security-token")).isEqualTo("sts-token");
        BceAuthorization auth = BceAuthorization.parse(signed.header("Authorization"));
        assertThat(auth.signedHeaders()).containsExactly("host", "x-bce-date", "x-bce-security-token");
        BceAuthorization expected = BceV1Signer.authorize(
                AK,
                SK,
                "GET",
                "/api/v1/aijobs",
                List.of(Map.entry("resourcePoolId", "p")),
                Map.of(
                        "host",
                        "aihc.bj.baidubce.com",
                        "x-bce-date",
                        "2015-04-27T08:23:49Z",
                        "x-bce-security-token",
                        "sts-token"),
                TS,
                1800,
                auth.signedHeaders());
        assertThat(auth).isEqualTo(expected);
    }

    @Test
    void aNonDefaultPortIsPartOfTheSignedHost() {
        Request signed = new BceV1Signer(Credentials.of(AK, SK))
                .sign(new Request.Builder().url("http://127.0.0.1:8123/x").build(), TS);
        assertThat(signed.header("Host")).isEqualTo("127.0.0.1:8123");
    }

    @Test
    void pathsAreSignedDecodedThenReEncoded() {
        HttpUrl url = HttpUrl.get("https://h/api/v1/aijobs/a%20b/x");
        assertThat(BceV1Signer.path(url)).isEqualTo("/api/v1/aijobs/a b/x");
        assertThat(BceV1Signer.canonicalUri(BceV1Signer.path(url))).isEqualTo("/api/v1/aijobs/a%20b/x");
    }

    @Test
    void authorizationHeadersParseBackIntoTheirParts() {
        BceAuthorization auth = BceAuthorization.parse(PREFIX + "/host;x-bce-date/abc");
        assertThat(auth.accessKeyId()).isEqualTo(AK);
        assertThat(auth.timestamp()).isEqualTo("2015-04-27T08:23:49Z");
        assertThat(auth.expirationSeconds()).isEqualTo(1800);
        assertThat(auth.signedHeaders()).containsExactly("host", "x-bce-date");
        assertThat(BceAuthorization.parse(PREFIX + "//abc").signedHeaders()).isEmpty();
        assertThatThrownBy(() -> BceAuthorization.parse("hmac accesskey=x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bce-auth-v1/{ak}");
    }
}
