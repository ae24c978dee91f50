package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import hudson.AbortException;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobState;
import io.jenkins.plugins.trainingjob.simulator.cluster.JobView;
import java.io.File;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The freestyle builder with fallback targets: the same attempt loop on the build's thread, on the simulator. */
class TrainingJobBuilderFallbackTest {

    @TempDir
    File buildDir;

    FreestyleBuild freestyle;
    FastSimulatedAihc simulated;

    @BeforeEach
    void start() throws Exception {
        freestyle = new FreestyleBuild(buildDir);
        simulated = new FastSimulatedAihc(freestyle.f);
    }

    @AfterEach
    void stop() throws Exception {
        simulated.close();
    }

    private TrainingJobBuilder builder(String queue) {
        TrainingJobBuilder b = new TrainingJobBuilder();
        b.setConnection("sim");
        b.setSpecText(FastSimulatedAihc.spec()
                .replace("${QUEUE}", queue)
                .replace("${GPU_KIND}", "nvidia.com/gpu")
                .replace("${EXIT_CODE}", "0"));
        b.useService(simulated.service);
        return b;
    }

    @Test
    void aBusyPrimaryIsStoppedAfterItsPendingTimeoutAndTheBuildRunsOnTheFallback() throws Exception {
        TrainingJobBuilder b = builder("default");
        Fallback spot = new Fallback();
        spot.setQueue("training");
        b.setFallback(List.of(spot));
        b.setFallbackOrder("given");
        b.setPendingTimeout("1s");

        freestyle.perform(b);

        List<JobView> jobs = simulated.sim.jobs();
        assertThat(jobs).hasSize(2);
        assertThat(jobs.get(0).state()).isEqualTo(JobState.STOPPED);
        assertThat(jobs.get(1).queue()).isEqualTo("training");
        assertThat(freestyle.f.log())
                .contains("attempt 1 (primary): client token ")
                .contains("stopping job " + jobs.get(0).id() + " before moving to target 2 (queue=training)")
                .contains("attempt 2 (queue=training): job " + jobs.get(1).id());
    }

    @Test
    void aBadEntryFailsTheBuildNamingItBeforeAnythingIsCreated() {
        TrainingJobBuilder b = builder("training");
        Fallback bad = new Fallback();
        bad.setResourcePool("pool with spaces");
        b.setFallback(List.of(bad));

        assertThatThrownBy(() -> freestyle.perform(b))
                .isInstanceOf(AbortException.class)
                .hasMessageStartingWith("fallback[0].resourcePool: must be a name");
        assertThat(simulated.sim.jobs()).isEmpty();
    }
}
