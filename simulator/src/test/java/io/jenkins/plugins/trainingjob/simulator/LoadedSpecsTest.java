package io.jenkins.plugins.trainingjob.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreClient;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Specs as users write them, loaded and validated by core's loader, run on the simulator. */
class LoadedSpecsTest {
    private Simulator sim;

    @BeforeEach
    void start() {
        sim = Simulator.start(Scenario.bundled("seed-taint-and-gpu").withSpeed(0));
    }

    @AfterEach
    void stop() {
        sim.close();
    }

    @Test
    void anAihcSpecFileRunsToCompletion() {
        JobSpec spec = JobSpecLoader.load("""
                platform: aihc
                name: sft-${BUILD_NUMBER}
                queue: training
                priority: high
                jobSpec:
                  image: registry.example/train:1
                  command: torchrun train.py
                  replicas: 2
                  resources:
                    - {name: nvidia.com/gpu, quantity: 2}
                    - {name: cpu, quantity: 8}
                    - {name: memory, quantity: 64}
                  envs:
                    - {name: SIM_RUN_SECONDS, value: "120"}
                labels:
                  - {key: ci-build, value: "${BUILD_NUMBER}"}
                """, "job.yaml", Map.of("BUILD_NUMBER", "42"));
        ConnectionSettings settings = ConnectionSettings.aihc(
                sim.baseUrl(), null, Credentials.of("sim-access-key", "sim-secret-key"), "cce-sim00001", null);
        try (AihcClient client = AihcClient.create(settings)) {
            JobRef job = client.submit(spec, "build-42");
            JobStatus running = client.status(job);
            assertThat(running.job().name()).isEqualTo("sft-42");
            assertThat(running.phase()).isEqualTo(JobPhase.RUNNING);
            sim.advanceClock(Duration.ofSeconds(120));
            assertThat(client.status(job).phase()).isEqualTo(JobPhase.SUCCEEDED);
        }
    }

    @Test
    void aSenseCoreSpecFileRunsToCompletion() {
        JobSpec spec = JobSpecLoader.load("""
                platform: sensecore
                name: resnet-ci-${BUILD_NUMBER}
                display_name: ResNet50-nightly-${BUILD_NUMBER}
                framework: PYTORCH
                roles:
                  - name: Worker
                    resource_spec:
                      - name: N6lS.Iu.I80.1
                    total_replicas: 2
                    image_path: registry.cn-sh-01.sensecore.cn/ml-team/resnet:1
                    startup_script: python train.py
                env:
                  - {key: SIM_RUN_SECONDS, value: "30"}
                scheduling:
                  priority: HIGH
                  quota_type: RESERVED
                resource_pool:
                  name: sim-pool
                """, "job.yaml", Map.of("BUILD_NUMBER", "7"));
        ConnectionSettings settings = ConnectionSettings.senseCore(
                sim.baseUrl(),
                null,
                Credentials.of("sim-access-key", "sim-secret-key"),
                "sim-sub",
                "default",
                "cn-sh-01z",
                "sim-ws");
        try (SenseCoreClient client = SenseCoreClient.create(settings)) {
            JobRef job = client.submit(spec, "build-7");
            assertThat(job.id()).isEqualTo("resnet-ci-7");
            assertThat(client.status(job).rawState()).isEqualTo("RUNNING");
            sim.advanceClock(Duration.ofSeconds(30));
            assertThat(client.status(job).rawState()).isEqualTo("SUCCEEDED");
        }
    }
}
