package io.jenkins.plugins.trainingjob.steps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.verify;

import io.jenkins.plugins.trainingjob.core.outcome.JobFailure;
import io.jenkins.plugins.trainingjob.core.outcome.LogTail;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

/**
 * The steps' result maps hold core's documents key for key, as the CLI's JSON does (docs/cli-output.schema.json):
 * a failure's {@code events} as maps, the failing worker's {@code logTail} at the top of the result, the reused
 * job's {@code phase}; only {@code null} becomes {@code ''} and remote text loses its control characters. The
 * forms the steps returned before (strings in {@code lastEvents}, {@code failure.logTail}, {@code status} of
 * the reused job) stay for one release beside them.
 */
class StepResultDocumentsTest extends SimulatedAihcStepTest {

    private static final Instant T = Instant.parse("2025-03-01T09:00:00Z");

    @Test
    void aFailureIsCoresDocumentWithTheFormerLinesBesideIt() {
        JobFailure failure = new JobFailure(
                "OOMKilled\u001b[31m",
                137,
                "w-1",
                List.of(
                        new JobEvent("Warning", "BackOff", "Back-off restarting\u001b[0m", T, T.plusSeconds(50), 3),
                        new JobEvent("Warning", "ExitedWithCode", "exited with code 137", null, null, 1)));
        Map<String, Object> doc = StepResult.failure(failure, new LogTail("w-1", List.of("Killed"), ""));

        assertThat(doc)
                .containsEntry("reason", "OOMKilled")
                .containsEntry("worker", "w-1")
                .containsEntry("exitCode", 137)
                .containsEntry(
                        "events",
                        List.of(
                                event("Warning", "BackOff", "Back-off restarting", 3, T, T.plusSeconds(50)),
                                event("Warning", "ExitedWithCode", "exited with code 137", 1, null, null)))
                .containsEntry(
                        "lastEvents", List.of("BackOff: Back-off restarting", "ExitedWithCode: exited with code 137"))
                .containsEntry("logTail", List.of("Killed"));
    }

    @Test
    void aFailureThePlatformSaidNothingAboutHasNoEmptyKeys() {
        Map<String, Object> doc = StepResult.failure(JobFailure.none(), null);
        assertThat(doc).containsOnlyKeys("events", "lastEvents");
    }

    @Test
    void theReusedJobHasItsPhaseAndForOneReleaseItsStatus() {
        Map<String, Object> doc =
                StepResult.reused(Map.of("jobId", "j-1\u001b[2J", "clientToken", "tj-1", "phase", "SUCCEEDED"));
        assertThat(doc)
                .containsEntry("jobId", "j-1")
                .containsEntry("phase", "SUCCEEDED")
                .containsEntry("status", "SUCCEEDED");
    }

    @Test
    @SuppressWarnings("unchecked")
    void aFailedJobsResultHasTheFailureEventsAsMapsAndItsLogTailAsTheCliHasThem() throws Exception {
        SubmitTrainingJobStep step = new SubmitTrainingJobStep();
        step.setConnection("sim");
        step.setSpecText(JobEndAgainstSimulatorTest.leg("leg-doc", 3));
        step.setWait("completed");
        step.setFailOnJobFailure(false);
        SubmitTrainingJobExecution e = (SubmitTrainingJobExecution) step.start(f.context);
        e.useService(service);
        e.start();
        sim.advanceClock(Duration.ofSeconds(1));
        clock.runUntil("the step ended", () -> StepFixture.ended(f.context));
        ArgumentCaptor<Object> captured = ArgumentCaptor.forClass(Object.class);
        verify(f.context).onSuccess(captured.capture());
        Map<String, Object> result = (Map<String, Object>) captured.getValue();

        Map<String, Object> failure = (Map<String, Object>) result.get("failure");
        List<Map<String, Object>> events = (List<Map<String, Object>>) failure.get("events");
        assertThat(events)
                .isNotEmpty()
                .allSatisfy(ev -> assertThat(ev)
                        .containsKeys("type", "reason", "message", "count")
                        .doesNotContainValue(""))
                .anyMatch(ev -> "ExitedWithCode".equals(ev.get("reason")));
        Map<String, Object> logTail = (Map<String, Object>) result.get("logTail");
        assertThat(logTail).containsEntry("worker", "leg-doc-master-0");
        assertThat((List<String>) logTail.get("lines")).contains("[sim] error: training script exited with code 3");
    }

    private static Map<String, Object> event(
            String type, String reason, String message, int count, Instant first, Instant last) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", type);
        m.put("reason", reason);
        m.put("message", message);
        m.put("count", count);
        if (first != null) {
            m.put("firstSeen", first.toString());
        }
        if (last != null) {
            m.put("lastSeen", last.toString());
        }
        return m;
    }
}
