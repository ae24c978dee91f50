package io.jenkins.plugins.trainingjob.steps;

import hudson.AbortException;
import hudson.FilePath;
import hudson.model.Run;
import io.jenkins.plugins.trainingjob.ConnectionBinding;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.TrainingJobService;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.flow.IdempotentSubmitter;
import io.jenkins.plugins.trainingjob.core.flow.Preflight;
import io.jenkins.plugins.trainingjob.core.flow.PreflightMode;
import io.jenkins.plugins.trainingjob.core.flow.ReusePolicy;
import io.jenkins.plugins.trainingjob.core.flow.SpecReuse;
import io.jenkins.plugins.trainingjob.core.monitor.WaitMode;
import io.jenkins.plugins.trainingjob.core.monitor.WatchPolicy;
import io.jenkins.plugins.trainingjob.core.platform.ClientToken;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import io.jenkins.plugins.trainingjob.core.spec.SpecDigest;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The submit-and-wait flow {@code submitTrainingJob} and the freestyle builder share, step by step: read
 * the spec, load it with the build's variables, submit (the one place a job is created), say so, then
 * either read one status ({@code wait: 'none'}) or build the monitor's policy and wait. The step runs
 * these steps durably and without a thread while it waits; the builder runs them in a row.
 */
final class Submission {
    private Submission() {}

    /**
     * Reads the spec file {@code path} of the workspace; a missing file is bad input naming the path. The
     * file comes from the agent into controller memory, so its size is checked first and at most
     * {@link JobSpecLoader#MAX_FILE_BYTES} (+1) bytes are ever read: a device such as {@code /dev/zero}
     * reports size 0, and a compromised agent may answer with an endless stream (review S4).
     */
    static String readSpec(FilePath workspace, String path) throws IOException, InterruptedException {
        FilePath file = workspace.child(path);
        if (!file.exists()) {
            throw InvalidInputException.worded("spec", Messages.Step_SpecNotFound(path));
        }
        int max = JobSpecLoader.MAX_FILE_BYTES;
        if (file.length() > max) {
            throw InvalidInputException.worded("spec", Messages.Step_SpecTooLarge(path, Integer.toString(max)));
        }
        byte[] bytes;
        try (InputStream in = file.read()) {
            bytes = in.readNBytes(max + 1);
        }
        if (bytes.length > max) {
            throw InvalidInputException.worded("spec", Messages.Step_SpecTooLarge(path, Integer.toString(max)));
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** The spec with the build's environment, overlaid with the step's own variables. */
    static JobSpec loadSpec(
            TrainingJobService service,
            String specText,
            String source,
            Map<String, String> env,
            Map<String, String> variables) {
        Map<String, String> effective = new TreeMap<>();
        if (env != null) {
            effective.putAll(env);
        }
        effective.putAll(variables);
        return service.specs().load(specText, source, effective);
    }

    /**
     * Creates the job under {@code clientToken} (the platform finds it again by that token) and prints
     * the line that says so.
     */
    static JobRef submit(ConnectionBinding binding, JobSpec spec, String clientToken, PrintStream log) {
        // core's one submit path; the token is fresh here, so there is nothing to look up first
        JobRef job = IdempotentSubmitter.submit(binding.client(), spec, clientToken, false)
                .job();
        log.println(submittedLine(binding, job));
        return job;
    }

    /**
     * What the look-up before a create found: the job to follow instead of creating one ({@code null}: none),
     * the token to create under otherwise, and for a job the reuse policy returned, the result map's
     * {@code reused} entry.
     */
    record Found(JobRef job, String clientToken, Map<String, String> reused) {}

    /**
     * The look-up before a create, printing what it found. With {@code reuse} other than never, the spec's
     * reuse-token family is walked ({@link SpecReuse}) and a fresh job goes under its first free token; else a
     * token the user chose ({@code tokenMayBeInUse}) returns the job it names, so "Restart from stage" and
     * Replay with the same {@code clientToken} do not submit twice.
     *
     * @param variables the step's own variables (not the build's environment), part of the reuse key
     */
    static Found lookUp(
            ConnectionBinding binding,
            JobSpec spec,
            Map<String, String> variables,
            ReusePolicy reuse,
            String clientToken,
            boolean tokenMayBeInUse,
            PrintStream log) {
        TrainingPlatform client = binding.client();
        if (reuse != ReusePolicy.NEVER) {
            SpecReuse.Decision d = SpecReuse.decide(client, spec, SpecDigest.reuseToken(spec, variables), reuse);
            if (d.reused().isEmpty()) {
                d.notChecked()
                        .forEach(n -> log.println(ConsoleText.strip(Messages.Step_ReuseNotChecked(reuse.text(), n))));
                return new Found(null, d.clientToken(), null);
            }
            SpecReuse.Reused r = d.reused().get();
            log.println(ConsoleText.strip(r.message(Instant.now())));
            Map<String, String> reused = new TreeMap<>();
            reused.put("jobId", r.job().id());
            reused.put("clientToken", r.clientToken());
            reused.put("status", r.status().phase().name());
            if (r.status().finishedAt() != null) {
                reused.put("finishedAt", r.status().finishedAt().toString());
            }
            return new Found(r.job(), r.clientToken(), reused);
        }
        if (tokenMayBeInUse) {
            Optional<IdempotentSubmitter.Submitted> existing = IdempotentSubmitter.existing(client, spec, clientToken);
            if (existing.isPresent()) {
                log.println(ConsoleText.strip(existing.get().message()));
                return new Found(existing.get().job(), clientToken, null);
            }
        }
        return new Found(null, clientToken, null);
    }

    /**
     * {@code clientToken} and {@code reuse} as the step or builder was given them, checked together.
     *
     * @throws InvalidInputException naming the field and the rule
     */
    static ReusePolicy reusePolicy(String reuse, String clientToken) {
        ReusePolicy policy = ReusePolicy.parse(reuse, "reuse");
        if (clientToken != null) {
            ClientToken.require("clientToken", clientToken);
            if (policy != ReusePolicy.NEVER) {
                throw InvalidInputException.of(
                        "clientToken",
                        "not with reuse: '" + policy.text()
                                + "', which names the job by the spec's digest (tj-<hex>); leave one of them out");
            }
        }
        return policy;
    }

    /** {@code wait: 'none'}: the result with the first status, or without one if it cannot be read. */
    static Map<String, Object> withoutWaiting(ConnectionBinding binding, JobRef job, PrintStream log) {
        JobStatus status = null;
        try {
            status = binding.client().status(job);
        } catch (PlatformException e) {
            log.println(ConsoleText.strip(e.getMessage()));
        }
        return StepResult.of(job, status, null);
    }

    /** The monitor's policy for waiting as {@code mode} says (not {@link WaitMode#NONE}). */
    static WatchPolicy policy(WaitMode mode, String pendingTimeout, TrainingJobService service) {
        return WatchOptions.policy(mode.target(), pendingTimeout, service.configuration());
    }

    /** The build log's line for a job just created. */
    static String submittedLine(ConnectionBinding binding, JobRef job) {
        return Messages.Step_Submitted(
                binding.platform().displayName(), ConsoleText.strip(job.name()), ConsoleText.strip(job.id()));
    }

    /**
     * The pre-flight check before the create call ({@code mode}: {@code true}, {@code strict}, {@code warn}
     * or {@code false}). Prints its one line (a warning line for a job only the pool administrator can
     * unblock); a job that can never fit or needs the administrator gets its report printed and archived, and
     * when the mode refuses it ({@code true}: never fits; {@code strict}: also needs the administrator) the step
     * fails with the report's headline before anything is created.
     *
     * @return the report, for {@link #waitNote}; {@code null} when the check is off
     */
    static DiagnosisReport preflight(TrainingPlatform client, JobSpec spec, String mode, Run<?, ?> run, PrintStream log)
            throws AbortException {
        PreflightMode m = PreflightMode.parse(mode, "preflight");
        if (m == PreflightMode.OFF) {
            return null;
        }
        DiagnosisReport report = Preflight.check(client, spec);
        log.println(ConsoleText.strip(Preflight.line(m, report)));
        if (report.verdict() != Verdict.NEVER_FITS && report.verdict() != Verdict.NEEDS_ADMIN) {
            return report;
        }
        StepOutcome.report(report, run, log);
        if (Preflight.refuses(m, report)) {
            throw new AbortException(ConsoleText.strip(report.headline()));
        }
        return report;
    }

    /** Before the wait of a job pre-flight found needs the administrator: it will not start until someone acts. */
    static void waitNote(DiagnosisReport preflighted, PrintStream log) {
        Preflight.waitNote(preflighted).ifPresent(line -> log.println(ConsoleText.strip(line)));
    }
}
