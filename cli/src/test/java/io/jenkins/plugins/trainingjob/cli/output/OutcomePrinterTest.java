package io.jenkins.plugins.trainingjob.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.cli.CliEnvironment;
import io.jenkins.plugins.trainingjob.cli.CliHarness;
import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.cli.ManualInterrupts;
import io.jenkins.plugins.trainingjob.cli.command.SavedDiagnosis;
import io.jenkins.plugins.trainingjob.cli.terminal.OutputFormat;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.time.TimeSource;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutcomePrinterTest {

    @TempDir
    Path dir;

    @Test
    void b1_aReportFileThatCannotBeWrittenAfterTheWaitStillPrintsTheReportAndKeepsItsExitCode() throws Exception {
        DiagnosisReport report = SavedDiagnosis.read(CliHarness.resource(dir, "aihc-schedule-diagnosis-query.json"));
        JobRef job = new JobRef(PlatformKind.AIHC, "pytorchjob-1", "train");
        Outcome outcome = new Outcome.Unschedulable(
                new JobStatus(job, JobPhase.PENDING, "Created", null, null, null, 1, "", List.of(), null), report);
        Files.writeString(dir.resolve("a-file"), "x"); // the directory became a file during the wait
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Terminal terminal = new Terminal(
                new CliEnvironment(
                        Map.of(),
                        dir,
                        new PrintWriter(out),
                        new PrintWriter(err),
                        false,
                        new ManualInterrupts(),
                        s -> {
                            throw new AssertionError();
                        },
                        TimeSource.system()),
                OutputFormat.TEXT);

        int code = OutcomePrinter.print(terminal, job, outcome, dir.resolve("a-file/diagnosis.md"));

        assertThat(code).isEqualTo(ExitCode.ofPending(report.verdict()));
        assertThat(err.toString())
                .contains("warning: cannot write")
                .contains("a path element is not a directory")
                .contains("the report is printed below instead");
        assertThat(out.toString()).startsWith(report.headline().substring(0, 20));
    }
}
