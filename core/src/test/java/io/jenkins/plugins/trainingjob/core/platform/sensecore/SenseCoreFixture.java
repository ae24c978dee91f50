package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.HttpSettings;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.spec.UncheckedSpecs;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.SplittableRandom;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;

/** Shared set-up of the SenseCore client tests: a manual clock (recorded waits), small timeouts. */
final class SenseCoreFixture {

    static final ObjectMapper JSON = new ObjectMapper();
    static final Instant NOW = Instant.parse("2026-11-30T10:00:00Z");
    static final String SECRET = "sk-Very-Secret-42";
    static final String ACCESS_KEY = "ak-public-id";
    static final String COLLECTION =
            "/compute/acp/data/v2/subscriptions/sub/resourceGroups/rg/zones/cn-sh-01z" + "/workspaces/ws/trainingJobs";
    static final HttpSettings FAST = new HttpSettings(
            Duration.ofMillis(500),
            Duration.ofMillis(500),
            Duration.ofSeconds(5),
            4,
            Duration.ofMillis(100),
            Duration.ofSeconds(2),
            null,
            64 * 1024);

    private SenseCoreFixture() {}

    static ConnectionSettings settings(MockWebServer server, HttpSettings http) {
        return ConnectionSettings.senseCore(
                        server.url("/").uri(), null, Credentials.of(ACCESS_KEY, SECRET), "sub", "rg", "cn-sh-01z", "ws")
                .withHttp(http);
    }

    static SenseCoreClient client(MockWebServer server, HttpSettings http, TimeSource time) {
        return SenseCoreClient.builder(settings(server, http))
                .time(time)
                .random(new SplittableRandom(7))
                .createLookups(3, Duration.ofSeconds(2))
                .build();
    }

    static MockResponse json(int code, String body) {
        return new MockResponse.Builder()
                .code(code)
                .addHeader("Content-Type", "application/json")
                .body(body)
                .build();
    }

    static String resource(String name) {
        try (InputStream in = SenseCoreFixture.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static JobRef ref(String name) {
        return new JobRef(PlatformKind.SENSECORE, name, name);
    }

    /** A job document as ACP returns it. */
    static String job(String name, String uid, String state, String pool, String created) {
        return """
                {"name": "%s", "uid": "%s", "state": "%s", "create_time": "%s",
                 "roles": [{"name": "Worker", "resource_spec": [{"name": "g8"}], "total_replicas": 2}],
                 "resource_pool": {"name": "%s"}}""".formatted(name, uid, state, created, pool);
    }

    /**
     * The document ACP answers for a job this test's key created from {@code spec} under {@code name} and
     * {@code token}: the create body echoed (the client-token entry included), plus read-only fields.
     */
    static String created(JobSpec spec, String name, String token) {
        ObjectNode doc = SenseCoreTokenEnv.with(spec.body().put("name", name), token, SECRET);
        doc.put("uid", "u-" + name).put("state", "QUEUEING").put("create_time", "2026-11-30T10:00:00Z");
        return doc.toString();
    }

    /** A minimal spec: the real loader lives in core.spec; the client only needs platform, name and body. */
    static final class Spec {
        private Spec() {}

        static JobSpec sensecore(String name) {
            return of(bodyJson(name));
        }

        /** The body of {@link #sensecore}, as JSON text a test may edit before {@link #of}. */
        static String bodyJson(String name) {
            String nameField = name.isEmpty() ? "" : "\"name\": \"" + name + "\", ";
            return "{" + nameField + """
                    "display_name": "resnet-ci", "framework": "PYTORCH",
                    "roles": [{"name": "Worker", "resource_spec": [{"name": "g8"}], "total_replicas": 2,
                               "startup_script": "torchrun train.py", "image_path": "registry/x:1"}],
                    "resource_pool": {"name": "pool-a"}}""";
        }

        static JobSpec of(String bodyJson) {
            try {
                return UncheckedSpecs.of(PlatformKind.SENSECORE, (ObjectNode) JSON.readTree(bodyJson));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
