package io.jenkins.plugins.trainingjob.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.flow.IdempotentSubmitter;
import io.jenkins.plugins.trainingjob.core.flow.ReusePolicy;
import io.jenkins.plugins.trainingjob.core.flow.SpecReuse;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.SpecDigest;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a reuse look-up on AIHC says it did not read (review newcomer-release-3 P16): AIHC lists jobs newest
 * first and the look-up reads the newest 150 of the queue. The note that older jobs were not looked for is
 * printed only when those 150 are all there; in a queue where the spec's SUCCEEDED job is older than them,
 * the note is what tells a person why it was not reused, and a quiet rule would hide it.
 */
class ReuseListWindowSimulationTest {
    private Simulator sim;
    private AihcClient client;

    @BeforeEach
    void start() {
        sim = Simulator.start(Scenario.bundled("seed-taint-and-gpu").withSpeed(0));
        client = SimClients.aihc(sim, "cce-sim00001", "training");
    }

    @AfterEach
    void stop() {
        client.close();
        sim.close();
    }

    private static JobSpec nightly() {
        return SimSpecs.aihc("nightly-model", "training", 1, 1, "SIM_RUN_SECONDS", "5");
    }

    private SpecReuse.Decision decide() {
        return SpecReuse.decide(client, nightly(), SpecDigest.reuseToken(nightly(), Map.of()), ReusePolicy.SUCCEEDED);
    }

    /** The spec's job under a token of someone's (a run with --client-token), run to SUCCEEDED. */
    private JobRef succeeded() {
        JobRef job =
                IdempotentSubmitter.create(client, nightly(), "gh-7-1-nightly").job();
        sim.advanceClock(Duration.ofSeconds(6));
        assertThat(client.status(job).phase()).isEqualTo(JobPhase.SUCCEEDED);
        return job;
    }

    /** {@code count} other jobs in the same queue, newer than everything before them. */
    private void others(int count) {
        for (int i = 0; i < count; i++) {
            IdempotentSubmitter.create(client, SimSpecs.aihc("other-" + i, "training", 1, 1), "other-" + i);
        }
    }

    @Test
    void aQueueOfAFewJobsIsReadWholeAndTheLookUpSaysNothingItDidNotRead() {
        JobRef job = succeeded();
        others(20);

        SpecReuse.Decision d = decide();

        assertThat(d.reused().orElseThrow().job()).isEqualTo(job);
        assertThat(d.notChecked()).isEmpty();
    }

    @Test
    void aJobOlderThanTheNewest150IsNotFoundAndTheLookUpSaysWhatItDidNotRead() {
        succeeded();
        others(150);

        SpecReuse.Decision d = decide();

        assertThat(d.reused()).isEmpty();
        assertThat(d.notChecked())
                .containsExactly("jobs older than the newest 150 of the queue (AIHC lists jobs newest first; the"
                        + " look-up reads 3 pages, and they were full): a job of this spec among them was not looked"
                        + " for");
    }
}
