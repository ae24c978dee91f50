package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.cli.InterruptSignal;
import io.jenkins.plugins.trainingjob.cli.output.OutcomePrinter;
import io.jenkins.plugins.trainingjob.cli.terminal.InterruptNote;
import io.jenkins.plugins.trainingjob.cli.terminal.JsonEnvelope;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.flow.ReusePolicy;
import io.jenkins.plugins.trainingjob.core.flow.Submit;
import io.jenkins.plugins.trainingjob.core.flow.SubmitRequest;
import io.jenkins.plugins.trainingjob.core.flow.SubmitResult;
import io.jenkins.plugins.trainingjob.core.monitor.OutcomeClass;
import io.jenkins.plugins.trainingjob.core.monitor.OutcomeSummary;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.QuotaExceededException;
import io.jenkins.plugins.trainingjob.core.platform.UncertainCreateException;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Runs one submit (or await) of core's flow for the CLI and prints how it ended: Ctrl-C and SIGTERM reach the
 * flow at any instant (it stops what it created, or says plainly what it left), the handler returns only once
 * the result is printed, and the exit code follows core's {@link OutcomeClass}.
 */
final class SubmitRun {

    private static final Duration PRINT_WAIT = Duration.ofMinutes(2);

    private final TrainJob root;
    private final Terminal terminal;
    private final SubmitRequest request;
    private final WaitOptions waiting;
    private final SubmitProgress progress;
    private final Duration interruptWait;
    private final CountDownLatch printed = new CountDownLatch(1);

    /** @param createBudget how long a create may still take when an interrupt comes during it */
    SubmitRun(
            TrainJob root, SubmitRequest request, WaitOptions waiting, SubmitProgress progress, Duration createBudget) {
        this.root = root;
        this.terminal = root.terminal();
        this.request = request;
        this.waiting = waiting;
        this.progress = progress;
        this.interruptWait = createBudget.plus(PRINT_WAIT);
    }

    /** Starts the flow {@code start} makes, waits for it, prints its end; returns the exit code. */
    int run(Supplier<Submit> start) {
        try (InterruptSignal.Registration hook = root.env().interrupts().onInterrupt(this::onInterrupt)) {
            InterruptNote.clear(); // this handler says what an interrupt did from here on
            Submit submit = start.get();
            boolean early;
            synchronized (this) {
                running = submit;
                early = interruptedEarly;
            }
            if (early) {
                submit.interrupt(); // before the flow existed: it ends before anything is created
            }
            SubmitResult result = submit.result().join();
            progress.close();
            return present(result);
        } finally {
            printed.countDown();
        }
    }

    private Submit running;
    private boolean interruptedEarly;

    /** On the signal's thread: the flow acts, and the JVM may end only once the result is printed. */
    private void onInterrupt() {
        Submit submit;
        synchronized (this) {
            submit = running;
            interruptedEarly = submit == null;
        }
        if (submit == null) {
            awaitPrinted(); // the flow, once started, sees the interrupt at once and ends with nothing created
            return;
        }
        if (!submit.interrupt()) {
            SubmitResult ended = submit.result().join();
            JobRef job = ended.job();
            if (job != null) {
                terminal.progress("interrupted after the submit had ended; job " + job.id() + " is left as the "
                        + "result says (stop it with: trainjob cancel " + job.id() + ")");
            }
        }
        try {
            submit.result().get(interruptWait.toMillis(), TimeUnit.MILLISECONDS);
            awaitPrinted();
        } catch (TimeoutException e) {
            terminal.progress("the submit did not end within " + interruptWait.toSeconds() + "s of the interrupt; its "
                    + "last job may still be on the platform: see trainjob list");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException e) {
            // a result future never completes exceptionally
        }
    }

    /** Waits (bounded) until the command has printed its result, so the JVM does not end mid-sentence. */
    private void awaitPrinted() {
        try {
            if (!printed.await(interruptWait.toMillis(), TimeUnit.MILLISECONDS)) {
                terminal.progress("the command did not print its result within " + interruptWait.toSeconds()
                        + "s of the interrupt");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Prints the end of the submit and returns its exit code. */
    int present(SubmitResult r) {
        return switch (r.ending()) {
            case REFUSED -> refused(r);
            case SUBMITTED -> submitted(r, false);
            case WAITED -> waited(r);
            case INTERRUPTED, CLOSED -> interrupted(r);
            case FAILED -> failed(r);
        };
    }

    private int refused(SubmitResult r) {
        int code = r.outcomeClass().exitCode();
        PreflightStep.print(terminal, r.preflight(), waiting.reportFile, code, request.preflight());
        return code;
    }

    private int submitted(SubmitResult r, boolean interrupted) {
        int code = interrupted ? ExitCode.INTERRUPTED : ExitCode.SUCCESS;
        if (terminal.json()) {
            Map<String, Object> submission = new LinkedHashMap<>();
            submission.put("clientToken", r.clientToken());
            submission.put("alreadySubmitted", progress.alreadySubmitted());
            submission.put("interrupted", interrupted);
            if (r.reused() != null) {
                submission.put("reused", r.reused());
            }
            terminal.json(terminal.envelope(code, interrupted ? r.outcome().message() : submittedLine(r))
                    .platform(r.job().platform())
                    .put("job", r.job())
                    .put("submission", submission));
        }
        return code;
    }

    private static String submittedLine(SubmitResult r) {
        JobRef job = r.job();
        return "submitted job " + ConsoleText.strip(job.id())
                + (job.name().equals(job.id()) ? "" : " (" + ConsoleText.strip(job.name()) + ")") + " to "
                + job.platform().displayName();
    }

    private int waited(SubmitResult r) {
        JobRef job = r.job();
        if (request.severalAttempts()) {
            r.attempts().forEach(a -> terminal.progress(a.line()));
            if (!terminal.json()) {
                terminal.resultLine(job.id());
            }
        }
        SubmitResult.JobEnd end = r.end();
        boolean declared = r.target().spec() != null
                && !r.target().spec().outputs().rules().isEmpty();
        OutcomeSummary summary = new OutcomeSummary(
                job,
                r.outcome(),
                end.outputs(),
                end.tail(),
                end.cleanup().line() == null ? "" : end.cleanup().line(),
                end.afterStop(),
                r.attempts().size() > 1 ? r.attempts() : List.of());
        return OutcomePrinter.print(
                terminal,
                job,
                r.outcome(),
                waiting.reportFile,
                new OutcomePrinter.End(
                        summary,
                        end.cleanup().stopped(),
                        end.afterStop(),
                        waiting.outputsFile,
                        declared,
                        waiting.outputsPrefix()),
                extra(r),
                r.eta());
    }

    private int interrupted(SubmitResult r) {
        if (request.waitMode() == WaitMode.NONE && r.job() != null) {
            terminal.progress(r.outcome().message());
            return submitted(r, true);
        }
        if (request.severalAttempts()) {
            r.attempts().forEach(a -> terminal.progress(a.line()));
        }
        if (r.job() != null) {
            return OutcomePrinter.print(
                    terminal,
                    r.job(),
                    r.outcome(),
                    waiting.reportFile,
                    new OutcomePrinter.End(
                            new OutcomeSummary(
                                    r.job(),
                                    r.outcome(),
                                    null,
                                    null,
                                    "",
                                    null,
                                    r.attempts().size() > 1 ? r.attempts() : List.of()),
                            false,
                            null,
                            waiting.outputsFile,
                            false,
                            waiting.outputsPrefix()),
                    extra(r),
                    r.eta());
        }
        if (terminal.json()) {
            JsonEnvelope doc =
                    terminal.envelope(ExitCode.INTERRUPTED, r.outcome().message());
            extra(r).forEach(doc::put);
            terminal.json(doc);
        } else {
            terminal.resultLine(r.outcome().message());
        }
        return ExitCode.INTERRUPTED;
    }

    /** A failed create or look-up: the error in core's words, what finds the job later, every attempt made. */
    private int failed(SubmitResult r) {
        RuntimeException error = r.error();
        RuntimeException failure = error;
        if (error instanceof UncertainCreateException e) {
            failure = new CliException(
                    ExitCode.PLATFORM_ERROR, e.getMessage() + "; find it with: " + findCommand(r, e), e);
        } else if (error instanceof QuotaExceededException e) {
            String why = r.outcomeClass() == OutcomeClass.NEEDS_ADMIN
                    ? "the job alone needs more than the workspace's reserved quota: ask for fewer devices, or ask "
                            + "the administrator for more quota"
                    : "running jobs hold the quota: submit again when they finish";
            failure = new CliException(r.outcomeClass().exitCode(), e.getMessage() + " (" + why + ")", e);
        }
        if (request.severalAttempts()) {
            r.attempts().forEach(a -> terminal.progress(a.line()));
        }
        return root.fail(failure, extra(r));
    }

    /**
     * The command that finds an uncertain create's job later: by its token, or by its name where the platform
     * knows the job by its name alone (SenseCore: the exception carries no token then).
     */
    private String findCommand(SubmitResult r, UncertainCreateException e) {
        String status = "trainjob status --platform " + e.platform().id();
        if (e.clientToken() == null && !e.jobName().isEmpty()) {
            return status + " " + e.jobName();
        }
        String token = e.clientToken() != null ? e.clientToken() : r.clientToken();
        boolean kept = request.clientToken() != null || request.reuse() != ReusePolicy.NEVER;
        return status + " --client-token " + token
                + (kept ? "" : " (or submit again with --client-token " + token + ")");
    }

    /** What every document of this submit carries besides the outcome's: its attempts, token, reused job. */
    private Map<String, Object> extra(SubmitResult r) {
        Map<String, Object> extra = new LinkedHashMap<>();
        if (request.severalAttempts() && !r.attempts().isEmpty()) {
            extra.put("attempts", r.attemptDocuments());
            extra.put("clientToken", r.clientToken());
        }
        if (r.reused() != null) {
            extra.put("reused", r.reused());
        }
        return extra;
    }
}
