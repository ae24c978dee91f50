package io.jenkins.plugins.trainingjob.bench.micro;

import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.aihc.BceV1Signer;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreHmacSigner;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import okhttp3.Request;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Figure 4a: the cost of signing one request, as each client signs every call (GET job detail). */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SigningBenchmark {

    private static final Credentials CREDENTIALS = Credentials.of("bench-access-key", "bench-secret-key");
    private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");

    private final BceV1Signer bce = new BceV1Signer(CREDENTIALS);
    private final SenseCoreHmacSigner senseCore =
            new SenseCoreHmacSigner(CREDENTIALS, SenseCoreHmacSigner.Scheme.X_DATE);
    private final Request aihcGet = new Request.Builder()
            .url("https://aihc.bj.baidubce.com/api/v1/aijobs/pytorchjob-5d5ab4e8-61c0-4ef4-b5e6-8d7e2f1c9a07"
                    + "?resourcePoolId=cce-e0isdmib&queueID=default")
            .build();
    private final Request senseCoreGet = new Request.Builder()
            .url("https://aec2.cn-sh-01.sensecoreapi.cn/compute/acp/data/v2/subscriptions/sub-1/resourceGroups"
                    + "/default/zones/cn-sh-01z/workspaces/ws-1/trainingJobs/tj-20261130-llm-7b-a1b2c3")
            .build();

    @Benchmark
    public Request bceV1() {
        return bce.sign(aihcGet, NOW);
    }

    @Benchmark
    public Request senseCoreHmac() {
        return senseCore.sign(senseCoreGet, NOW);
    }
}
