package io.jenkins.plugins.trainingjob.core.diagnosis;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Why a job is pending, ready to render: a headline naming the blocker that affects the most nodes,
 * findings grouped rule → reason → nodes (node names folded into ranges), a resource table, the verdict,
 * the pods and queues concerned, and remediation hints (suggestions, worded as such).
 *
 * <p>Every string except {@code schemaVersion}, enums and counts may contain remote data; renderers escape
 * or strip it. The lists are in a stable order (most nodes first, then by name), so two analyses of the
 * same diagnosis render byte for byte the same. The report never holds credentials: it is built from
 * diagnosis answers only. {@link #SCHEMA_VERSION} versions the JSON form ({@code ReportJson}).
 *
 * @param nodeCount distinct nodes named by blocking findings
 * @param pods the pods (or SenseCore workers) concerned, folded into ranges
 * @param queues the queues (or SenseCore pools) concerned, sorted
 * @param pool the pool picture, one cell per node (folded in large pools), when an inventory was joined;
 *     absent from the JSON form when empty, so reports without it read and write as before
 * @param eta when the job was expected to start, from the watch's last estimate, or {@code null}; absent
 *     from the JSON form when null, so reports without it read and write as before
 * @param sinceLastStart what changed since an earlier run of the job got its GPUs (its start snapshot), or
 *     {@code null} when the job has no baseline; absent from the JSON form when null
 */
public record DiagnosisReport(
        int schemaVersion,
        JobRef job,
        String diagnosisId,
        String headline,
        Verdict verdict,
        String verdictText,
        int nodeCount,
        List<String> pods,
        List<String> queues,
        List<RuleGroup> rules,
        List<ResourceRow> resources,
        List<Hint> hints,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<PoolCell> pool,
        @JsonInclude(JsonInclude.Include.NON_NULL) WaitEstimate eta,
        @JsonInclude(JsonInclude.Include.NON_NULL) SinceLastStart sinceLastStart) {

    public static final int SCHEMA_VERSION = 1;

    private static final int SUMMARY_WIDTH = 100;
    private static final int SUMMARY_REASONS = 3;

    public DiagnosisReport {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(verdict, "verdict");
        diagnosisId = nz(diagnosisId);
        headline = nz(headline);
        verdictText = nz(verdictText);
        pods = List.copyOf(pods);
        queues = List.copyOf(queues);
        rules = List.copyOf(rules);
        resources = List.copyOf(resources);
        hints = List.copyOf(hints);
        pool = pool == null ? List.of() : List.copyOf(pool);
    }

    /** A report without a pool picture (no inventory was joined). */
    public DiagnosisReport(
            int schemaVersion,
            JobRef job,
            String diagnosisId,
            String headline,
            Verdict verdict,
            String verdictText,
            int nodeCount,
            List<String> pods,
            List<String> queues,
            List<RuleGroup> rules,
            List<ResourceRow> resources,
            List<Hint> hints) {
        this(
                schemaVersion,
                job,
                diagnosisId,
                headline,
                verdict,
                verdictText,
                nodeCount,
                pods,
                queues,
                rules,
                resources,
                hints,
                List.of(),
                null,
                null);
    }

    /** A report without an estimate (as every report before the ETA). */
    public DiagnosisReport(
            int schemaVersion,
            JobRef job,
            String diagnosisId,
            String headline,
            Verdict verdict,
            String verdictText,
            int nodeCount,
            List<String> pods,
            List<String> queues,
            List<RuleGroup> rules,
            List<ResourceRow> resources,
            List<Hint> hints,
            List<PoolCell> pool) {
        this(
                schemaVersion,
                job,
                diagnosisId,
                headline,
                verdict,
                verdictText,
                nodeCount,
                pods,
                queues,
                rules,
                resources,
                hints,
                pool,
                null,
                null);
    }

    /** A builder for a new report; the lists start empty, the schema version is {@link #SCHEMA_VERSION}. */
    public static Builder builder(JobRef job, Verdict verdict) {
        return new Builder(job, verdict);
    }

    /** A builder holding this report's values, to change a few and keep the rest. */
    public Builder toBuilder() {
        return new Builder(job, verdict)
                .schemaVersion(schemaVersion)
                .diagnosisId(diagnosisId)
                .headline(headline)
                .verdictText(verdictText)
                .nodeCount(nodeCount)
                .pods(pods)
                .queues(queues)
                .rules(rules)
                .resources(resources)
                .hints(hints)
                .pool(pool)
                .eta(eta)
                .sinceLastStart(sinceLastStart);
    }

    /** This report with other hints. */
    /**
     * Whether pre-flight proved that the job alone needs more devices than the workspace's reserved quota
     * (SenseCore): what makes a quota refusal at create a matter for the administrator, not for waiting.
     */
    public boolean aloneExceedsReservedQuota() {
        return rules.stream().anyMatch(rule -> SenseCorePreflightRules.RESERVED_QUOTA.equals(rule.ruleType()));
    }

    public DiagnosisReport withHints(List<Hint> newHints) {
        return toBuilder().hints(newHints).build();
    }

    /** This report with an estimate of when the job starts ({@code null}: none). */
    public DiagnosisReport withEta(WaitEstimate newEta) {
        return toBuilder().eta(newEta).build();
    }

    /**
     * This report with the section "Since it last started" ({@code null}: none), as
     * {@code core.snapshot.SnapshotDiff} computes it from the job's baseline snapshot.
     */
    public DiagnosisReport withSinceLastStart(SinceLastStart section) {
        return toBuilder().sinceLastStart(section).build();
    }

    /** This report with another pool picture. */
    public DiagnosisReport withPool(List<PoolCell> newPool) {
        return toBuilder().pool(newPool).build();
    }

    /**
     * Builds a {@link DiagnosisReport} by name instead of by position, so a new report section is a new
     * setter here and a component above, not an edit of every place that copies a report.
     */
    public static final class Builder {
        private int schemaVersion = SCHEMA_VERSION;
        private JobRef job;
        private String diagnosisId = "";
        private String headline = "";
        private Verdict verdict;
        private String verdictText = "";
        private int nodeCount;
        private List<String> pods = List.of();
        private List<String> queues = List.of();
        private List<RuleGroup> rules = List.of();
        private List<ResourceRow> resources = List.of();
        private List<Hint> hints = List.of();
        private List<PoolCell> pool = List.of();
        private WaitEstimate eta;
        private SinceLastStart sinceLastStart;

        private Builder(JobRef job, Verdict verdict) {
            this.job = Objects.requireNonNull(job, "job");
            this.verdict = Objects.requireNonNull(verdict, "verdict");
        }

        public Builder schemaVersion(int value) {
            this.schemaVersion = value;
            return this;
        }

        public Builder job(JobRef value) {
            this.job = Objects.requireNonNull(value, "job");
            return this;
        }

        public Builder diagnosisId(String value) {
            this.diagnosisId = value;
            return this;
        }

        public Builder headline(String value) {
            this.headline = value;
            return this;
        }

        /** The verdict and its sentence, which always change together. */
        public Builder verdict(Verdict value, String text) {
            this.verdict = Objects.requireNonNull(value, "verdict");
            this.verdictText = text;
            return this;
        }

        public Builder verdictText(String value) {
            this.verdictText = value;
            return this;
        }

        public Builder nodeCount(int value) {
            this.nodeCount = value;
            return this;
        }

        public Builder pods(List<String> value) {
            this.pods = List.copyOf(value);
            return this;
        }

        public Builder queues(List<String> value) {
            this.queues = List.copyOf(value);
            return this;
        }

        public Builder rules(List<RuleGroup> value) {
            this.rules = List.copyOf(value);
            return this;
        }

        public Builder resources(List<ResourceRow> value) {
            this.resources = List.copyOf(value);
            return this;
        }

        public Builder hints(List<Hint> value) {
            this.hints = List.copyOf(value);
            return this;
        }

        public Builder pool(List<PoolCell> value) {
            this.pool = value == null ? List.of() : List.copyOf(value);
            return this;
        }

        public Builder eta(WaitEstimate value) {
            this.eta = value;
            return this;
        }

        public Builder sinceLastStart(SinceLastStart value) {
            this.sinceLastStart = value;
            return this;
        }

        public DiagnosisReport build() {
            return new DiagnosisReport(
                    schemaVersion,
                    job,
                    diagnosisId,
                    headline,
                    verdict,
                    verdictText,
                    nodeCount,
                    pods,
                    queues,
                    rules,
                    resources,
                    hints,
                    pool,
                    eta,
                    sinceLastStart);
        }
    }

    /**
     * The report of a diagnosis that exists but could not be turned into findings (an answer the analyzer
     * does not understand): the job is unschedulable all the same, so it says that, and where to look.
     *
     * @param reason what went wrong, after "its diagnosis", e.g. "could not be analysed"
     */
    public static DiagnosisReport unreadable(JobRef job, String diagnosisId, String reason) {
        return builder(job, Verdict.UNKNOWN)
                .diagnosisId(diagnosisId)
                .headline("Job " + job.name() + " cannot be scheduled; its diagnosis " + reason)
                .verdictText("the platform's diagnosis " + ConsoleText.strip(diagnosisId)
                        + " could not be read; see its console")
                .build();
    }

    /**
     * The verdict as every report and log line says it: the one word scripts and the JSON use, then the
     * prose ({@code FITS_LATER — fits after a change: ...}), so a reader never meets two words for it.
     */
    public String verdictLine() {
        return verdict.name() + " — " + verdictText;
    }

    /**
     * A few lines for a Jenkins build page or a log: the headline, the verdict, the reasons affecting the
     * most nodes and the first suggestion. Control characters are stripped and lines cut to 100 columns;
     * a web page must still HTML-escape them.
     */
    public List<String> summaryLines() {
        List<String> lines = new ArrayList<>();
        lines.add(ConsoleText.strip(headline, SUMMARY_WIDTH));
        lines.add(ConsoleText.strip("Verdict: " + verdictLine(), SUMMARY_WIDTH));
        List<ReasonGroup> ranked = new ArrayList<>();
        for (RuleGroup rule : rules) {
            for (ReasonGroup reason : rule.reasons()) {
                if (reason.category().blocks()) {
                    ranked.add(reason);
                }
            }
        }
        ranked.sort(ReasonGroup.RANKING);
        for (int i = 0; i < Math.min(SUMMARY_REASONS, ranked.size()); i++) {
            ReasonGroup r = ranked.get(i);
            String where = r.nodeCount() > 0 ? r.nodeCount() + (r.nodeCount() == 1 ? " node: " : " nodes: ") : "";
            lines.add(ConsoleText.strip("- " + where + r.label(), SUMMARY_WIDTH));
        }
        if (ranked.size() > SUMMARY_REASONS) {
            lines.add("- … and " + (ranked.size() - SUMMARY_REASONS) + " more reasons");
        }
        if (!hints.isEmpty()) {
            lines.add(ConsoleText.strip(hints.get(0).text(), SUMMARY_WIDTH));
        }
        if (eta != null && !eta.summary().isEmpty()) {
            lines.add(ConsoleText.strip("Start: " + eta.summary(), SUMMARY_WIDTH));
        }
        if (sinceLastStart != null && !sinceLastStart.headline().isEmpty()) {
            lines.add(ConsoleText.strip(sinceLastStart.summary(), SUMMARY_WIDTH));
        }
        return List.copyOf(lines);
    }

    /** One rule (e.g. {@code NodeTaintToleranceDiagnostics}) with its reasons, most nodes first. */
    public record RuleGroup(String rule, String ruleType, int nodeCount, List<ReasonGroup> reasons) {
        public RuleGroup {
            rule = nz(rule);
            ruleType = nz(ruleType);
            reasons = List.copyOf(reasons);
        }
    }

    /**
     * One reason text, verbatim, with the nodes it applies to folded into ranges.
     *
     * @param label our short normalised wording ({@code untolerated taint kwok.x-k8s.io/node: fake})
     * @param nodeCount distinct nodes; 0 for observations about a pool or queue
     * @param pods the pods concerned, folded
     * @param resource the resource a shortage is about, else empty
     * @param request what a pod asks for, as min–max over the findings, else empty
     * @param allocatable what the nodes (or quota) offer, as min–max, else empty
     */
    public record ReasonGroup(
            String reason,
            ReasonCategory category,
            String label,
            int nodeCount,
            List<NodeRange> nodes,
            List<String> pods,
            String resource,
            String request,
            String allocatable) {

        /** Blocking first, most nodes first, then by category (declaration order), label and text. */
        static final java.util.Comparator<ReasonGroup> RANKING = java.util.Comparator.comparing(
                        (ReasonGroup g) -> !g.category().blocks())
                .thenComparing(ReasonGroup::nodeCount, java.util.Comparator.reverseOrder())
                .thenComparing(ReasonGroup::category)
                .thenComparing(ReasonGroup::label)
                .thenComparing(ReasonGroup::reason);

        public ReasonGroup {
            reason = nz(reason);
            Objects.requireNonNull(category, "category");
            label = nz(label);
            nodes = List.copyOf(nodes);
            pods = List.copyOf(pods);
            // Renderers trust the count to match the ranges (a saved report may have been edited).
            int named = nodes.stream().mapToInt(NodeRange::count).sum();
            if (nodeCount != named) {
                throw new IllegalArgumentException("reason '" + ConsoleText.strip(reason, 60) + "': nodeCount is "
                        + nodeCount + " but its node ranges stand for " + named);
            }
            resource = nz(resource);
            request = nz(request);
            allocatable = nz(allocatable);
        }
    }

    /**
     * A resource the job is short of.
     *
     * @param requested what is asked (per pod for node checks, the job total for quota checks)
     * @param available what is offered, min–max over the nodes, or the quota
     * @param basis what is compared with what, e.g. {@code per pod vs allocatable per node}
     * @param nodesShort how many nodes offer less than a pod requests
     * @param shortNodes those nodes, folded
     */
    public record ResourceRow(
            String resource,
            String requested,
            String available,
            String basis,
            int nodesShort,
            List<NodeRange> shortNodes) {
        public ResourceRow {
            resource = nz(resource);
            requested = nz(requested);
            available = nz(available);
            basis = nz(basis);
            shortNodes = List.copyOf(shortNodes);
        }
    }

    /**
     * A remediation suggestion; {@code text} starts with {@code Suggestion:}. {@code snippet} is a
     * ready-to-paste block (YAML, a command), {@code snippetOneLine} the same on one line for consoles;
     * both empty when there is none. {@code reason} is the reason text it answers, empty when general.
     */
    public record Hint(String reason, String text, String snippet, String snippetOneLine) {
        public Hint {
            reason = nz(reason);
            text = nz(text);
            snippet = nz(snippet);
            snippetOneLine = nz(snippetOneLine);
        }
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
