package io.jenkins.plugins.trainingjob.core.flow;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.JobDemand;
import io.jenkins.plugins.trainingjob.core.diagnosis.PreflightCheck;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.platform.AuthenticationException;
import io.jenkins.plugins.trainingjob.core.platform.InventoryUnreadableException;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The pre-flight step every front end runs before the create call: read the pool's inventory, check the
 * job against it, and say whether to go on. One place, so the CLI and Jenkins refuse the same jobs with the
 * same report. A pool that cannot be read never blocks a submit: the report says so and the job goes on.
 */
public final class Preflight {

    private Preflight() {}

    /**
     * The pre-flight report of {@code spec} on {@code platform}'s pool (its connection's queue when the spec
     * names none). A rejected signature (HTTP 401) is thrown as for any call; every other failure to read
     * the inventory ends in an UNKNOWN report naming it.
     */
    public static DiagnosisReport check(TrainingPlatform platform, JobSpec spec) {
        JobDemand demand = JobDemand.of(
                spec,
                platform.settings() == null
                        ? null
                        : platform.settings().target().defaultQueue());
        try {
            return PreflightCheck.check(demand, platform.inventory(demand.queue()));
        } catch (InventoryUnreadableException e) {
            return PreflightCheck.unreadable(demand, e);
        } catch (AuthenticationException e) {
            if (e.httpStatus() == 401) {
                throw e;
            }
            return PreflightCheck.unreadable(demand, "inventory not readable: " + e.getMessage());
        } catch (PlatformException e) {
            return PreflightCheck.unreadable(demand, "inventory not readable: " + e.getMessage());
        }
    }

    /** Whether the front end must stop before the create call. */
    public static boolean refuses(PreflightMode mode, DiagnosisReport report) {
        return mode.refuses(report.verdict());
    }

    /** One line for a build log or a terminal: {@code pre-flight: FITS_NOW — fits now: ...}. */
    public static String summary(DiagnosisReport report) {
        return "pre-flight: " + report.verdictLine();
    }

    /**
     * {@link #summary}, saying when a never-fitting job is submitted anyway ({@link PreflightMode#WARN}), and
     * when a job that needs the administrator is submitted all the same (every mode but
     * {@link PreflightMode#STRICT}): the warning line before the create call.
     */
    public static String line(PreflightMode mode, DiagnosisReport report) {
        if (mode == PreflightMode.WARN && report.verdict() == Verdict.NEVER_FITS) {
            return summary(report) + " (preflight: warn, so the job is submitted anyway)";
        }
        if (report.verdict() == Verdict.NEEDS_ADMIN && mode != PreflightMode.STRICT) {
            return "warning: " + summary(report) + " The job is submitted all the same (preflight: " + mode.text()
                    + "; strict refuses it).";
        }
        return summary(report);
    }

    /**
     * For a job submitted although only an administrator can unblock it: the line the wait prints, naming
     * the actions ("will not start until someone acts: uncordon gpu-01 (...)"); empty for any other verdict.
     */
    public static Optional<String> waitNote(DiagnosisReport report) {
        if (report == null || report.verdict() != Verdict.NEEDS_ADMIN) {
            return Optional.empty();
        }
        List<String> actions = new ArrayList<>();
        for (DiagnosisReport.Hint h : report.hints()) {
            if (h.text().startsWith(ADMIN_PREFIX)) {
                String a = h.text().substring(ADMIN_PREFIX.length()).trim();
                actions.add(a.endsWith(".") ? a.substring(0, a.length() - 1) : a);
            }
        }
        return Optional.of("job " + report.job().name() + " will not start until someone acts"
                + (actions.isEmpty() ? "" : ": " + String.join("; ", actions)) + ".");
    }

    /** How pre-flight words an administrator's actions in its hints. */
    private static final String ADMIN_PREFIX = "Needs the pool administrator:";
}
