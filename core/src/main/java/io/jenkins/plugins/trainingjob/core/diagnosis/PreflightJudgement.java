package io.jenkins.plugins.trainingjob.core.diagnosis;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.Hint;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the pre-flight rules concluded, and the report it makes. The verdict is the most hopeful one the
 * conclusions allow: NEVER_FITS when a rule proved it, else NEEDS_ADMIN when only an administrator's action
 * makes the job fit, else what the capacity rule found (FITS_NOW, FITS_LATER, or UNKNOWN). Every action
 * found is listed as a hint whatever the verdict, and every rule that did not run is named with why.
 */
final class PreflightJudgement {

    private final JobDemand demand;
    private final List<Finding> findings = new ArrayList<>();
    private final List<Hint> hints = new ArrayList<>();
    private final List<String> neverReasons = new ArrayList<>();
    private final List<String> adminReasons = new ArrayList<>();
    private final List<String> adminActions = new ArrayList<>();
    /** why → the rules skipped for it, in order. */
    private final Map<String, List<String>> notChecked = new LinkedHashMap<>();
    /** What is in use now: findings only when the verdict is FITS_LATER (else an administrator comes first). */
    private final List<String> waits = new ArrayList<>();

    private Verdict capacity = Verdict.UNKNOWN;
    private String capacityText = "no rule refuses it, but whether it starts at once is not known";

    PreflightJudgement(JobDemand demand) {
        this.demand = demand;
    }

    /** Proof that the job as written can never run here. */
    void never(String rule, String reason, String resource, String request, String allocatable, String hint) {
        findings.add(new Finding(
                PreflightCheck.RULE,
                rule,
                reason,
                where(),
                Finding.Shortfall.of(resource, request, allocatable),
                ReasonCategory.CONFIGURATION));
        hints.add(new Hint(reason, hint, "", ""));
        neverReasons.add(reason);
    }

    /**
     * Only an administrator's action makes the job fit; {@code actions} are those actions, each saying what
     * it frees ("uncordon gpu-01 (frees 8 nvidia.com/gpu)").
     */
    void admin(String rule, String reason, ReasonCategory category, List<String> actions) {
        findings.add(new Finding(PreflightCheck.RULE, rule, reason, where(), Finding.Shortfall.NONE, category));
        hints.add(new Hint(reason, "Needs the pool administrator: " + String.join("; ", actions) + ".", "", ""));
        adminReasons.add(reason);
        adminActions.addAll(actions);
    }

    /**
     * A fact that decides nothing but that a front end may act on after the create call (the SenseCore
     * reserved quota a job alone exceeds): a finding of category context, which never blocks.
     */
    void note(String rule, String reason) {
        findings.add(new Finding(
                PreflightCheck.RULE, rule, reason, where(), Finding.Shortfall.NONE, ReasonCategory.CONTEXT));
    }

    /** A rule did not run: {@code why} says which evidence was missing. */
    void notChecked(String rule, String why) {
        notChecked.computeIfAbsent(why, k -> new ArrayList<>()).add(rule);
    }

    void fitsNow(String why) {
        capacity = Verdict.FITS_NOW;
        capacityText = why;
    }

    void fitsLater(List<String> waits) {
        this.waits.clear();
        this.waits.addAll(waits);
        capacity = Verdict.FITS_LATER;
        capacityText = String.join("; ", waits);
    }

    void unknown(String why) {
        capacity = Verdict.UNKNOWN;
        capacityText = why;
    }

    boolean neverFits() {
        return !neverReasons.isEmpty();
    }

    Verdict verdict() {
        return !neverReasons.isEmpty() ? Verdict.NEVER_FITS : !adminReasons.isEmpty() ? Verdict.NEEDS_ADMIN : capacity;
    }

    /** "Not checked: PodFitsNode, GangFitsQueue (the pool lists no nodes)." or empty. */
    String notCheckedText() {
        if (notChecked.isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        notChecked.forEach((why, rules) -> parts.add(String.join(", ", rules) + " (" + why + ")"));
        return " Not checked: " + String.join("; ", parts) + ".";
    }

    DiagnosisReport report() {
        JobRef job = PreflightCheck.ref(demand);
        Verdict verdict = verdict();
        if (verdict == Verdict.FITS_LATER) {
            for (String w : waits) {
                findings.add(new Finding(
                        PreflightCheck.RULE,
                        "CapacityInUse",
                        w,
                        where(),
                        Finding.Shortfall.NONE,
                        ReasonCategory.QUEUE_OR_QUOTA));
            }
        }
        DiagnosisReport base = ReportAssembler.assemble(job, PreflightCheck.DIAGNOSIS_ID, findings, List.of(), hints);
        String target = demand.queue().isEmpty() ? "the pool" : demand.queue();
        String headline;
        String text;
        switch (verdict) {
            case NEVER_FITS -> {
                headline = "Job " + job.name() + " can never run in " + target + ": " + neverReasons.get(0)
                        + (neverReasons.size() > 1 ? " (+" + (neverReasons.size() - 1) + " more)" : "");
                text = "never fits as configured: " + neverReasons.get(0)
                        + ". Waiting will not help; change the request, the queue or the pool.";
            }
            case NEEDS_ADMIN -> {
                String first = adminActions.isEmpty() ? adminReasons.get(0) : adminActions.get(0);
                int paren = first.indexOf(" (");
                headline = "Job " + job.name() + " will not start in " + target + " until the pool administrator acts: "
                        + (paren > 0 ? first.substring(0, paren) : first)
                        + (adminActions.size() > 1 ? " (+" + (adminActions.size() - 1) + " more)" : "");
                text = "needs the administrator: " + String.join("; ", adminReasons) + ". Actions: "
                        + String.join("; ", adminActions) + ". Waiting alone will not help.";
            }
            case FITS_NOW -> {
                headline = "Job " + job.name() + " fits " + target + " now";
                text = "fits now: " + capacityText + ".";
            }
            case FITS_LATER -> {
                headline = "Job " + job.name() + " fits " + target + " once capacity in use is freed";
                text = "fits later: " + capacityText + ". It starts when running jobs free capacity.";
            }
            default -> {
                headline = "Job " + job.name() + ": the pre-flight check found nothing that refuses it";
                text = "unknown: " + capacityText + ".";
            }
        }
        return base.toBuilder()
                .job(job)
                .diagnosisId(PreflightCheck.DIAGNOSIS_ID)
                .headline(headline)
                .verdict(verdict, text + notCheckedText())
                .build();
    }

    private Finding.Where where() {
        return Finding.Where.jobInQueue(demand.name(), demand.queue());
    }
}
