package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.cli.command.TrainJob;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionProblem;
import io.jenkins.plugins.trainingjob.core.platform.FailedCall;
import io.jenkins.plugins.trainingjob.core.platform.InvalidConnectionException;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.TransientException;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.InvalidSpecException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.spec.SpecProblem;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The documented exit codes, one per way a command can end. */
class ExitCodeTest {

    static final JobRef JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-1", "train");

    static JobStatus status(JobPhase phase) {
        return new JobStatus(JOB, phase, phase.name(), null, null, null, null, null, List.of(), null);
    }

    @Test
    void outcomesMapToTheDocumentedCodes() {
        DiagnosisReport report = new DiagnosisReport(
                1,
                JOB,
                "d-1",
                "no GPUs",
                Verdict.NEVER_FITS,
                "never fits",
                0,
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of());
        assertThat(ExitCode.of(new Outcome.Scheduled(status(JobPhase.RUNNING)))).isEqualTo(0);
        assertThat(ExitCode.of(new Outcome.Completed(status(JobPhase.SUCCEEDED))))
                .isEqualTo(0);
        assertThat(ExitCode.of(new Outcome.JobFailed(status(JobPhase.FAILED)))).isEqualTo(1);
        assertThat(ExitCode.of(new Outcome.Unschedulable(status(JobPhase.PENDING), report)))
                .isEqualTo(3);
        assertThat(ExitCode.of(new Outcome.TimedOut(status(JobPhase.PENDING), "overall timeout")))
                .isEqualTo(4);
        assertThat(ExitCode.of(new Outcome.PlatformError(
                        null,
                        new TransientException(new FailedCall(PlatformKind.AIHC, "GET", 503, "", ""), "down", null))))
                .isEqualTo(5);
        assertThat(ExitCode.of(new Outcome.Cancelled(status(JobPhase.STOPPED), true, "")))
                .isEqualTo(130);
    }

    @Test
    void failuresMapToTheDocumentedCodes() {
        assertThat(ExitCode.of(new InvalidSpecException("job.yaml", List.of(new SpecProblem("name", "required")))))
                .isEqualTo(2);
        assertThat(ExitCode.of(new CommandLine.ParameterException(
                        new CommandLine(CommandLine.Model.CommandSpec.create()), "bad")))
                .isEqualTo(2);
        assertThat(ExitCode.of(new InvalidRequestException(
                        new FailedCall(PlatformKind.AIHC, "POST /api/v1/aijobs", 400, "x", "r"),
                        "bad body",
                        "name",
                        "",
                        null)))
                .isEqualTo(2);
        assertThat(ExitCode.of(new AuthenticationException(
                        new FailedCall(PlatformKind.AIHC, "GET", 403, "AccessDenied", "r"), "denied", null)))
                .isEqualTo(5);
        assertThat(ExitCode.of(new java.io.UncheckedIOException(new java.io.IOException("reset"))))
                .isEqualTo(5);
        assertThat(ExitCode.of(new CliException(4, "late"))).isEqualTo(4);
    }

    @Test
    void badInputFromCoreIsExitCode2InItsOwnWordsWhileABugStaysUnexpected() {
        InvalidInputException bad = InvalidInputException.of("clientToken", "must be 1-63 letters");
        assertThat(ExitCode.of(bad)).isEqualTo(2);
        assertThat(ExitCode.describe(bad)).isEqualTo("clientToken: must be 1-63 letters");
        assertThat(ExitCode.of(new InvalidConnectionException(List.of(new ConnectionProblem("region", "required")))))
                .isEqualTo(2);
        IllegalArgumentException bug = new IllegalArgumentException("pageSize must be at least 1, was 0");
        assertThat(ExitCode.of(bug)).isEqualTo(5);
        assertThat(ExitCode.describe(bug))
                .startsWith("unexpected IllegalArgumentException: ")
                .endsWith("(run with --debug for the stack trace)");
    }

    @Test
    void unexpectedFailuresPointAtDebugInsteadOfPrintingAStackTrace() {
        assertThat(ExitCode.describe(new NullPointerException("x")))
                .isEqualTo("unexpected NullPointerException: x (run with --debug for the stack trace)");
    }
    /** One table: every class's words on its code's row in docs/cli.md and in --help, and the CLI exits with it. */
    @org.junit.jupiter.api.Test
    void theTableIsTheSameInTheDocsInHelpAndInCore() throws Exception {
        String docs = java.nio.file.Files.readString(DocsExamplesTest.ROOT.resolve("docs/cli.md"));
        java.io.StringWriter help = new java.io.StringWriter();
        TrainJob.commandLine(new CliEnvironment(
                        java.util.Map.of(),
                        java.nio.file.Path.of("."),
                        new java.io.PrintWriter(help),
                        new java.io.PrintWriter(new java.io.StringWriter()),
                        false,
                        new ManualInterrupts(),
                        s -> {
                            throw new AssertionError();
                        },
                        io.jenkins.plugins.trainingjob.core.time.TimeSource.system()))
                .usage(new java.io.PrintWriter(help));
        for (io.jenkins.plugins.trainingjob.core.outcome.OutcomeClass c :
                io.jenkins.plugins.trainingjob.core.outcome.OutcomeClass.values()) {
            String words = c.meaning().replaceFirst(" \\(.*", "");
            String code = Integer.toString(c.exitCode());
            assertThat(docs.lines().filter(l -> l.startsWith("| " + code + " ")))
                    .as("docs/cli.md row %s", code)
                    .singleElement()
                    .asString()
                    .contains(words);
            assertThat(help.toString().lines().filter(l -> l.matches("  " + code + " +\\S.*")))
                    .as("--help row %s", code)
                    .singleElement()
                    .asString()
                    .contains(words);
        }
    }
    /** P6: a TLS handshake with a plain-HTTP endpoint gets no answer, only the call timeout: say what to try. */
    @org.junit.jupiter.api.Test
    void aTimeoutOnAnHttpsEndpointSuggestsPlainHttp() {
        var timeout = new TransientException(
                new FailedCall(PlatformKind.AIHC, "GET /api/v1/aijobs", 0, "timeout", ""),
                "the call timeout of 120s ran out waiting for https://127.0.0.1:8080 (timeout)",
                null);
        assertThat(ExitCode.describe(timeout))
                .endsWith("if that endpoint speaks plain HTTP (the simulator, a local " + "proxy), use http://");
        var plain = new TransientException(
                new FailedCall(PlatformKind.AIHC, "GET /api/v1/aijobs", 0, "timeout", ""),
                "the call timeout of 120s ran out waiting for http://127.0.0.1:8080 (timeout)",
                null);
        assertThat(ExitCode.describe(plain)).doesNotContain("plain HTTP");
    }
}
