package io.jenkins.plugins.trainingjob.simulator.preflight;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.flow.Preflight;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.simulator.Scenario;
import io.jenkins.plugins.trainingjob.simulator.SimClients;
import io.jenkins.plugins.trainingjob.simulator.SimSpecs;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import org.junit.jupiter.api.Test;

/**
 * Issue 19 item 5, "a queue that does not exist in the pool": NEVER_FITS would need the pool's complete
 * queue list, and no list-queues call is documented in our API reference (aihc-api.md names only the
 * CLI's {@code queue list}, without its call or shape). A 404 on {@code GET .../queue/{name}} alone proves
 * nothing: a managed pool's granted queue can answer 404 there and still take jobs (aihc-api.md §6, the
 * Python CLI's lookup on {@code aihc-serverless}). So pre-flight stays UNKNOWN, names the 404, and the
 * create's own answer decides.
 */
class MissingQueueNotProofTest {

    @Test
    void aQueueTheReadDoesNotFindIsUnknownNotNeverFits() {
        try (Simulator sim = Simulator.start(Scenario.bundled("tiny").withSpeed(0));
                AihcClient client = SimClients.aihc(sim, "cce-tiny", null)) {
            DiagnosisReport report = Preflight.check(client, SimSpecs.aihc("ghost-queue", "no-such-queue", 1, 1));

            assertThat(report.verdict()).isEqualTo(Verdict.UNKNOWN);
            assertThat(report.verdictText())
                    .contains("queue no-such-queue was not found")
                    .contains("does not prove it does not exist")
                    .contains("the check was skipped");
        }
    }
}
