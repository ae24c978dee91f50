package io.jenkins.plugins.trainingjob.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.jenkins.plugins.trainingjob.core.outcome.JobOutputs;
import io.jenkins.plugins.trainingjob.core.outcome.LogTail;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OutcomeSummaryTest {

    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "job-1", "sweep_lr1");

    private static JobStatus failed(JobRef job) {
        return new JobStatus(job, JobPhase.FAILED, "Failed", null, null, null, null, "", List.of(), null);
    }

    private static OutcomeSummary failedWith(JobRef job, JobOutputs outputs, List<String> tail) {
        return new OutcomeSummary(
                job, new Outcome.JobFailed(failed(job)), outputs, new LogTail("sweep-lr1-master-0", tail, ""), "");
    }

    @Test
    void aLogLineOfBackticksStaysInsideTheMarkdownFence() {
        String md = failedWith(JOB, null, List.of("before", "```", "# not a heading", "after"))
                .render(ReportFormat.MARKDOWN);
        // The fence is longer than any backtick run inside, so the log's ``` is a line of the block.
        assertThat(md).contains("\n````\nbefore\n```\n# not a heading\nafter\n````\n");
    }

    @Test
    void remoteTextIsEscapedInMarkdownButOurOwnWordsAreNot() {
        JobRef hostile = new JobRef(PlatformKind.AIHC, "job-1", "[click](http://evil) *x*");
        String md =
                failedWith(hostile, JobOutputs.unavailable("n/a"), List.of()).render(ReportFormat.MARKDOWN);
        assertThat(md)
                .contains("\\[click\\](http://evil) \\*x\\*")
                .doesNotContain("[click](http://evil)")
                .contains("- **Outcome**: job_failed");
    }

    @Test
    void aLoneSurrogateInALogLineOrAnOutputNeverBreaksTheFile() {
        OutcomeSummary summary = failedWith(
                JOB,
                new JobOutputs(Map.of("accuracy", "0.9\uD800"), "sweep-lr1-master-0", "", List.of()),
                List.of("broken \uDC00 line", "ok \uD83D\uDE00 emoji"));
        for (ReportFormat format : ReportFormat.values()) {
            String doc = summary.render(format);
            assertThatCode(() -> StandardCharsets.UTF_8.newEncoder().encode(CharBuffer.wrap(doc)))
                    .as(format.name())
                    .doesNotThrowAnyException();
            assertThat(doc).as(format.name()).contains("\uD83D\uDE00");
        }
    }

    @Test
    void aLineBreakInARemoteValueForgesNoLineOfTheJunitBody() {
        // A platform's state or event message may hold a line break; plain text and every other format make
        // it a space, so JUnit's body must not turn it into a line of its own that reads as one of our facts.
        JobStatus forged = new JobStatus(
                JOB, JobPhase.FAILED, "Failed\nOutcome: completed", null, null, null, null, "", List.of(), null);
        OutcomeSummary summary = new OutcomeSummary(JOB, new Outcome.JobFailed(forged), null, null, "");
        String xml = summary.render(ReportFormat.JUNIT);
        assertThat(xml.lines()).noneMatch(l -> l.startsWith("Outcome: completed"));
        assertThat(xml).contains("State: Failed Outcome: completed");
        assertThat(summary.render(ReportFormat.TEXT)).contains("State: Failed Outcome: completed");
    }
}
