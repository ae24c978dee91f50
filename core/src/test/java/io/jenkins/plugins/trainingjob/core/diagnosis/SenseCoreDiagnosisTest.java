package io.jenkins.plugins.trainingjob.core.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.Hint;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.ReasonGroup;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.ResourceRow;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.RuleGroup;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence.OtherJob;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence.PoolBinding;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence.Request;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence.ResourceSpec;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SenseCore has no diagnosis API: the analyzer derives the same report model from the evidence. */
class SenseCoreDiagnosisTest {

    private static final JobRef JOB = new JobRef(PlatformKind.SENSECORE, "pt-abc123", "finetune");
    private static final Instant CREATED = Instant.parse("2026-11-30T10:00:00Z");
    private static final ResourceSpec SPEC_8 =
            new ResourceSpec("N6lS.Iu.I80.8", 8, "nvidia.com/gpu", 128, 1024, List.of("cn-sh-01e"));
    private static final List<WorkerStatus> UNPLACED = List.of(
            new WorkerStatus("finetune-worker-0", "", "Pending", ""),
            new WorkerStatus("finetune-worker-1", "", "Pending", ""));

    @Test
    void aWaitingJobWithinItsReservationWaitsForQuota() {
        DiagnosisReport report = analyze(evidence("WAITING", "RESERVED", 2, binding("ALL", 32, 0), List.of()));

        assertThat(report.verdict()).isEqualTo(Verdict.FITS_LATER);
        assertThat(report.headline())
                .startsWith("Job finetune cannot be scheduled: job is WAITING: it waits for " + "workspace quota");
        assertThat(report.queues()).containsExactly("pool-a");
        assertThat(report.pods()).containsExactly("finetune-worker-[0-1]");
        assertThat(report.resources())
                .containsExactly(new ResourceRow(
                        "nvidia.com/gpu",
                        "16 (8 × 2 workers)",
                        "32",
                        "job total vs reserved quota of pool pool-a",
                        0,
                        List.of()));
        assertThat(report.hints())
                .extracting(Hint::text)
                .contains(
                        "Suggestion: wait for quota in queue pool-a, raise the job's priority, or ask for more quota.");
        ReasonGroup workers = group(report, "Workers", "worker has no node");
        assertThat(workers.category()).isEqualTo(ReasonCategory.CONTEXT);
        assertThat(workers.pods()).containsExactly("finetune-worker-[0-1]");
    }

    @Test
    void aQueueingJobWaitsForPoolCapacityHeldByRunningJobs() {
        List<OtherJob> others = List.of(
                new OtherJob("big-run", "RUNNING", "NORMAL", CREATED.minusSeconds(7200), 16),
                new OtherJob("eval", "RUNNING", "NORMAL", CREATED.minusSeconds(3600), 8),
                new OtherJob("older", "QUEUEING", "NORMAL", CREATED.minusSeconds(60), 8),
                new OtherJob("newer", "QUEUEING", "NORMAL", CREATED.plusSeconds(60), 8),
                new OtherJob("urgent", "WAITING", "HIGHEST", CREATED.plusSeconds(120), 16));
        DiagnosisReport report = analyze(evidence("QUEUEING", "RESERVED", 2, binding("RESERVED", 32, 0), others));

        assertThat(report.verdict()).isEqualTo(Verdict.FITS_LATER);
        assertThat(report.headline()).contains("job is QUEUEING: it waits for free capacity in pool pool-a");
        assertThat(group(
                                report,
                                "PoolQuota",
                                "running jobs hold 24 of the 32 reserved nvidia.com/gpu in pool "
                                        + "pool-a; 8 free, the job needs 16")
                        .category())
                .isEqualTo(ReasonCategory.QUEUE_OR_QUOTA);
        assertThat(group(report, "PoolCompetition", "2 running jobs hold 24 nvidia.com/gpu: big-run (16), eval (8)")
                        .category())
                .isEqualTo(ReasonCategory.CONTEXT);
        assertThat(group(
                        report,
                        "PoolCompetition",
                        "2 queued jobs are ahead (older or higher priority): older (NORMAL, 8), urgent (HIGHEST, 16)"))
                .isNotNull();
    }

    @Test
    void aJobLargerThanTheReservedQuotaNeverFits() {
        SenseCoreEvidence ev = evidence("QUEUEING", "RESERVED", 4, binding("RESERVED", 16, 0), List.of());
        DiagnosisReport report = analyze(ev);

        assertThat(report.verdict()).isEqualTo(Verdict.NEVER_FITS);
        assertThat(report.verdictText())
                .isEqualTo("never fits as configured: the job needs 32 nvidia.com/gpu, the "
                        + "quota offers 16. Waiting will not help; change the request, the quota or the pool.");
        assertThat(report.headline())
                .startsWith("Job finetune cannot be scheduled: the reserved quota of pool "
                        + "pool-a is 16 nvidia.com/gpu; the job needs 32");
        assertThat(report.hints())
                .extracting(Hint::text)
                .first()
                .asString()
                .startsWith("Suggestion: reduce workers or devices per worker to fit the reserved 16");
    }

    @Test
    void aSpotJobWithZeroAllowanceNeverFitsUntilTheAllowanceIsRaised() {
        DiagnosisReport report = analyze(evidence("QUEUEING", "SPOT", 1, binding("ALL", 64, 0), List.of()));

        assertThat(report.verdict()).isEqualTo(Verdict.NEVER_FITS);
        ReasonGroup spot = group(
                report, "PoolQuota", "the spot allowance of pool pool-a is 0 nvidia.com/gpu; the " + "job needs 8");
        assertThat(spot.category()).isEqualTo(ReasonCategory.INSUFFICIENT_RESOURCE);
        assertThat(report.resources())
                .extracting(ResourceRow::basis)
                .containsExactly("job total vs spot allowance of pool pool-a");
        assertThat(report.hints())
                .extracting(Hint::text)
                .contains("Suggestion: ask for a spot allowance of at least "
                        + "8 nvidia.com/gpu in pool pool-a, or submit with RESERVED quota.");
    }

    @Test
    void aSpecThePoolDoesNotOfferNeverFits() {
        SenseCoreEvidence base = evidence("QUEUEING", "RESERVED", 1, binding("ALL", 64, 0), List.of());
        SenseCoreEvidence ev = new SenseCoreEvidence(
                JOB,
                base.status(),
                new Request("pool-a", List.of("N9.huge.16"), 1, "RESERVED", "NORMAL"),
                base.workers(),
                base.specs(),
                base.bindings(),
                List.of(),
                List.of(),
                false);
        DiagnosisReport report = analyze(ev);

        assertThat(report.verdict()).isEqualTo(Verdict.NEVER_FITS);
        assertThat(report.headline())
                .as("the configuration error outranks the queue wait")
                .startsWith("Job finetune cannot be scheduled: spec N9.huge.16 is not offered by pool pool-a");
        assertThat(group(report, "ResourceSpec", "spec N9.huge.16 is not offered by pool pool-a")
                        .category())
                .isEqualTo(ReasonCategory.CONFIGURATION);
        assertThat(report.hints())
                .extracting(Hint::text)
                .contains("Suggestion: choose a spec that pool pool-a offers: N6lS.Iu.I80.8.");
    }

    @Test
    void aQuotaTypeThePoolDoesNotAllowNeverFits() {
        DiagnosisReport report = analyze(evidence("QUEUEING", "SPOT", 1, binding("RESERVED", 64, 8), List.of()));
        assertThat(report.verdict()).isEqualTo(Verdict.NEVER_FITS);
        assertThat(group(report, "PoolQuota", "pool pool-a allows quota type RESERVED only; the job asks for SPOT"))
                .isNotNull();
    }

    @Test
    void anOnDemandBindingTakesAReservedJobAsPreflightSays() {
        DiagnosisReport report = analyze(evidence("WAITING", "RESERVED", 1, binding("ON_DEMAND", 64, 0), List.of()));
        assertThat(report.verdict()).isNotEqualTo(Verdict.NEVER_FITS);
        assertThat(report.rules())
                .flatExtracting(RuleGroup::reasons)
                .extracting(ReasonGroup::reason)
                .noneMatch(r -> r.contains("allows quota type"));
    }

    @Test
    void aBindingQuotaTypeWeDoNotKnowProvesNothing() {
        DiagnosisReport report = analyze(evidence("WAITING", "RESERVED", 1, binding("BURSTABLE", 64, 0), List.of()));
        assertThat(report.verdict()).isNotEqualTo(Verdict.NEVER_FITS);
    }

    @Test
    void eventsAreShownVerbatimAsContext() {
        SenseCoreEvidence base = evidence("QUEUEING", "RESERVED", 1, binding("ALL", 64, 0), List.of());
        List<JobEvent> events = List.of(new JobEvent(
                "Warning",
                "FailedScheduling",
                "0/12 nodes are available: 12 Insufficient nvidia.com/gpu.",
                CREATED,
                CREATED,
                5));
        SenseCoreEvidence ev = new SenseCoreEvidence(
                JOB,
                base.status(),
                base.request(),
                base.workers(),
                base.specs(),
                base.bindings(),
                List.of(),
                events,
                true);
        DiagnosisReport report = analyze(ev);
        ReasonGroup e = group(
                report,
                "Events",
                "Warning FailedScheduling: 0/12 nodes are available: 12 Insufficient nvidia.com/gpu. (x5)");
        assertThat(e.category()).isEqualTo(ReasonCategory.CONTEXT);
        assertThat(report.rules()
                        .get(report.rules().size() - 1)
                        .reasons()
                        .get(0)
                        .category()
                        .blocks())
                .isFalse();
    }

    @Test
    void aQueueingJobWithinItsQuotaIsToldAboutCapacityNotQuota() {
        // B15: 2 workers x 8 GPUs, the reservation of 16 fits, but no node has 8 GPUs free.
        SenseCoreEvidence base = evidence("QUEUEING", "RESERVED", 2, binding("RESERVED", 16, 0), List.of());
        List<JobEvent> events = List.of(new JobEvent(
                "Warning",
                "FailedScheduling",
                "0/2 nodes are available: 1 Insufficient cpu, 2 Insufficient nvidia.com/gpu.",
                CREATED,
                CREATED,
                1));
        DiagnosisReport report = analyze(new SenseCoreEvidence(
                JOB,
                base.status(),
                base.request(),
                base.workers(),
                base.specs(),
                base.bindings(),
                List.of(),
                events,
                true));

        assertThat(report.hints())
                .extracting(DiagnosisReport.Hint::text)
                .noneMatch(t -> t.contains("quota"))
                .anyMatch(t -> t.contains("no node of pool pool-a has 8 nvidia.com/gpu free now (the scheduler: 2 of "
                                + "2 nodes short of nvidia.com/gpu)")
                        && t.contains("fewer nvidia.com/gpu per worker"));
        assertThat(report.resources())
                .anyMatch(r -> r.basis().startsWith("per worker vs free per node")
                        && r.requested().equals("8 per worker")
                        && r.nodesShort() == 2);
        assertThat(report.resources())
                .anyMatch(r -> r.basis().startsWith("job total vs reserved quota")
                        && r.available().equals("16"));
    }

    @Test
    void aQueueingJobWithoutEventsStillGetsTheCapacityHint() {
        DiagnosisReport report = analyze(evidence("QUEUEING", "RESERVED", 1, binding("ALL", 64, 0), List.of()));
        assertThat(report.hints())
                .extracting(DiagnosisReport.Hint::text)
                .anyMatch(t -> t.startsWith("Suggestion: no node of pool pool-a has 8 nvidia.com/gpu free now;"))
                .noneMatch(t -> t.contains("wait for quota"));
    }

    private static ReasonGroup group(DiagnosisReport report, String rule, String reason) {
        List<String> seen = new ArrayList<>();
        for (RuleGroup r : report.rules()) {
            for (ReasonGroup g : r.reasons()) {
                if (r.rule().equals(rule) && g.reason().equals(reason)) {
                    return g;
                }
                seen.add(r.rule() + ": " + g.reason());
            }
        }
        throw new AssertionError("no reason '" + reason + "' under " + rule + "; have " + seen);
    }

    private static PoolBinding binding(String quotaType, int reserved, int spot) {
        return new PoolBinding("pool-a", "ACTIVE", quotaType, reserved, 512, 4096, spot);
    }

    private static SenseCoreEvidence evidence(
            String state, String quotaType, int replicas, PoolBinding binding, List<OtherJob> others) {
        JobStatus status = new JobStatus(JOB, JobPhase.PENDING, state, CREATED, null, null, null, "", UNPLACED, null);
        Request request = new Request("pool-a", List.of("N6lS.Iu.I80.8"), replicas, quotaType, "NORMAL");
        return new SenseCoreEvidence(
                JOB, status, request, UNPLACED, List.of(SPEC_8), List.of(binding), others, List.of(), false);
    }

    private static DiagnosisReport analyze(SenseCoreEvidence ev) {
        return new DiagnosisAnalyzer().analyze(ev);
    }
}
