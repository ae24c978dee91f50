package io.jenkins.plugins.trainingjob.report;

import hudson.FilePath;
import hudson.model.DirectoryBrowserSupport;
import hudson.model.Run;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.NodeRange;
import io.jenkins.plugins.trainingjob.core.diagnosis.PoolCell;
import io.jenkins.plugins.trainingjob.core.diagnosis.SinceLastStart;
import io.jenkins.plugins.trainingjob.core.monitor.DurationText;
import io.jenkins.plugins.trainingjob.core.report.Attempt;
import io.jenkins.plugins.trainingjob.core.report.ReportJson;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import jakarta.servlet.http.HttpServletResponse;
import java.io.File;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import jenkins.model.RunAction2;
import org.kohsuke.stapler.StaplerResponse2;

/**
 * A schedule diagnosis on the build page: a summary (headline, verdict) and a report page. Stores core's
 * report itself, in its versioned JSON form ({@code ReportJson}, {@code schemaVersion} first), so the
 * build record holds one report model that every format is rendered from and a later version reads; the
 * page's rows are a transient view built from it when the action is attached or loaded. Actions saved
 * before that hold the copied rows instead ({@link #findings} and the other legacy fields) and are shown
 * from them. The views show everything through escaped Jelly expressions only (node names and reasons
 * come from the platform).
 *
 * <p>Serves the archived files under {@code files/} of its own URL, which is unique in the build (a second
 * diagnosis of the same job gets {@code -2}), through core's {@link DirectoryBrowserSupport}, as archived
 * artifacts are: from the Resource Root URL when one is configured, else with the administrator's
 * {@code DirectoryBrowserSupport.CSP} (sandboxed, no script, by default) and {@code nosniff}, so a
 * hostile node name in the HTML cannot run script on Jenkins' origin. {@code json}, {@code html} and
 * {@code junit} redirect there, for links saved by earlier versions.
 */
public class ScheduleDiagnosisAction implements RunAction2, Serializable {
    private static final long serialVersionUID = 1L;

    /** Core's report, as {@code ReportJson.write} wrote it; {@code null} in actions saved before it existed. */
    private String reportJson;

    private final Map<String, String> files;
    // The copied rows of actions saved before reportJson: read from old build.xml files, never written.
    private String platform;
    private String jobId;
    private String jobName;
    private String diagnosisId;
    private String headline;
    private String verdict;
    private String verdictText;
    private List<Finding> findings;
    private List<Resource> resources;
    private List<Hint> hints;
    private List<String> pods;
    private List<String> queues;
    private List<String> summary;
    private List<PoolTile> pool;
    /** Unique in the build; {@code null} in actions saved before it existed (then derived from the job). */
    private String urlName;
    /** The files' folder under the build's {@code training-job/}; {@code null} as for {@link #urlName}. */
    private String directory;
    /** The submit's attempts when it took several (fallback targets, retries); null otherwise and before. */
    private List<AttemptRow> attempts;

    private transient Run<?, ?> run;
    /** What the page shows, built from {@link #reportJson} (or the legacy rows) on first use. */
    private transient volatile View view;

    /** One reason with the nodes it applies to (folded into ranges). */
    public static final class Finding implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String rule;
        private final String reason;
        private final int nodeCount;
        private final String nodes;

        Finding(String rule, String reason, int nodeCount, String nodes) {
            this.rule = rule;
            this.reason = reason;
            this.nodeCount = nodeCount;
            this.nodes = nodes;
        }

        public String getRule() {
            return rule;
        }

        public String getReason() {
            return reason;
        }

        public int getNodeCount() {
            return nodeCount;
        }

        public String getNodes() {
            return nodes;
        }
    }

    /** A resource that is short: per pod requested, per node allocatable, nodes short. */
    public static final class Resource implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String name;
        private final String requestedPerPod;
        private final String allocatablePerNode;
        private final int nodesShort;

        Resource(String name, String requestedPerPod, String allocatablePerNode, int nodesShort) {
            this.name = name;
            this.requestedPerPod = requestedPerPod;
            this.allocatablePerNode = allocatablePerNode;
            this.nodesShort = nodesShort;
        }

        public String getName() {
            return name;
        }

        public String getRequestedPerPod() {
            return requestedPerPod;
        }

        public String getAllocatablePerNode() {
            return allocatablePerNode;
        }

        public int getNodesShort() {
            return nodesShort;
        }
    }

    /**
     * One tile of the pool picture: a node (or a folded range), why it refused the job, its free/total
     * devices, and its category, which picks the tile's style in {@code css/report.css} (a class chosen
     * here, never from remote data, and no inline style: Jenkins' Content-Security-Policy has no
     * {@code 'unsafe-inline'}).
     */
    public static final class PoolTile implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String nodes;
        private final String why;
        private final String devices;
        private final String category;

        PoolTile(PoolCell c) {
            this.nodes = c.nodes() + (c.count() > 1 ? " ×" + c.count() : "");
            this.why = c.refusal() == null
                    ? (c.intervention().isEmpty() ? "not refused" : c.intervention())
                    : c.refusal().title();
            this.devices = c.gpuTotal() < 0
                    ? "not in the inventory"
                    : c.gpuFree() + "/" + c.gpuTotal() + " " + (c.gpuResource().isEmpty() ? "devices" : c.gpuResource())
                            + " free";
            this.category = c.refusal() == null
                    ? "fits"
                    : switch (c.refusal()) {
                        case CORDONED -> "cordoned";
                        case UNTOLERATED_TAINT -> "taint";
                        case INSUFFICIENT_RESOURCE -> "resource";
                        case QUEUE_OR_QUOTA -> "quota";
                        case CONFIGURATION -> "configuration";
                        default -> "other";
                    };
        }

        public String getNodes() {
            return nodes;
        }

        public String getWhy() {
            return why;
        }

        public String getDevices() {
            return devices;
        }

        /** {@code fits}, {@code cordoned}, {@code taint}, {@code resource}, {@code quota}, {@code configuration} or {@code other}. */
        public String getCategory() {
            return category == null ? "other" : category;
        }
    }

    /** One attempt of a submit that took several, as the page lists it; remote text escaped by the view. */
    public static final class AttemptRow implements Serializable {
        private static final long serialVersionUID = 1L;
        private final int number;
        private final String target;
        private final String jobId;
        private final String verdict;
        private final String outcome;
        private final String waited;
        private final String reason;

        AttemptRow(Attempt a) {
            this.number = a.number();
            this.target = ConsoleText.strip(a.target());
            this.jobId = ConsoleText.strip(a.jobId());
            this.verdict = a.verdict() == null ? "" : a.verdict().name();
            this.outcome = a.outcome();
            this.waited = DurationText.format(a.waited());
            this.reason = ConsoleText.strip(a.reason());
        }

        public int getNumber() {
            return number;
        }

        /** Where the attempt went, in the step's words ({@code primary}, {@code queue=spot}). */
        public String getTarget() {
            return target;
        }

        public String getJobId() {
            return jobId;
        }

        /** The pre-flight verdict on the target; empty when none was made. */
        public String getVerdict() {
            return verdict;
        }

        public String getOutcome() {
            return outcome;
        }

        public String getWaited() {
            return waited;
        }

        /** Why it ended and what followed (moved on, retried); empty for the one that ended the submit. */
        public String getReason() {
            return reason;
        }
    }

    /**
     * The section "Since it last started", as core words it: what changed since an earlier build of the job got
     * its GPUs. A view only, built from the stored report; remote text escaped by the views.
     */
    public static final class Since {
        private final SinceLastStart section;

        Since(SinceLastStart section) {
            this.section = section;
        }

        /** {@code Since it last started (build #41, 2026-12-03 22:10 UTC, started after 3 min)}. */
        public String getTitle() {
            return section.title();
        }

        /** The largest change when it alone explains the wait, no change found, or why nothing was compared. */
        public String getHeadline() {
            return section.sentence();
        }

        /** The headline as a line of its own: {@code Since build #41, gpu-[07-08] were cordoned: ...}. */
        public String getSummary() {
            return section.summary();
        }

        /** Each change in words, most important first. */
        public List<String> getChanges() {
            return section.changes().stream().map(SinceLastStart.Change::text).toList();
        }

        /** What was not compared and why, and what a snapshot cannot see. */
        public List<String> getNotes() {
            return section.notes();
        }
    }

    /** A suggestion, with an optional snippet to paste. */
    public static final class Hint implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String text;
        private final String snippet;

        Hint(String text, String snippet) {
            this.text = text;
            this.snippet = snippet;
        }

        public String getText() {
            return text;
        }

        public String getSnippet() {
            return snippet;
        }
    }

    private ScheduleDiagnosisAction(DiagnosisReport r, Map<String, String> files) {
        this.reportJson = ReportJson.write(r);
        this.files = new TreeMap<>(files);
        this.view = View.of(r);
    }

    /**
     * The page's data: what {@code index.jelly} and {@code summary.jelly} read. Built from core's report,
     * or from the rows an earlier version copied; never saved.
     */
    private record View(
            String platform,
            String jobId,
            String jobName,
            String diagnosisId,
            String headline,
            String verdict,
            String verdictText,
            List<Finding> findings,
            List<Resource> resources,
            List<Hint> hints,
            List<String> pods,
            List<String> queues,
            List<String> summary,
            List<PoolTile> pool,
            Since since) {

        static View of(DiagnosisReport r) {
            List<Finding> findings = new ArrayList<>();
            for (DiagnosisReport.RuleGroup rule : nullSafe(r.rules())) {
                for (DiagnosisReport.ReasonGroup reason : nullSafe(rule.reasons())) {
                    findings.add(new Finding(
                            rule.rule(),
                            reason.label().isEmpty() ? reason.reason() : reason.label(),
                            reason.nodeCount(),
                            reason.nodes().stream().map(NodeRange::folded).collect(Collectors.joining(", "))));
                }
            }
            List<Resource> resources = new ArrayList<>();
            for (DiagnosisReport.ResourceRow row : nullSafe(r.resources())) {
                resources.add(new Resource(row.resource(), row.requested(), row.available(), row.nodesShort()));
            }
            List<Hint> hints = new ArrayList<>();
            for (DiagnosisReport.Hint h : nullSafe(r.hints())) {
                hints.add(new Hint(h.text(), h.snippet()));
            }
            List<PoolTile> pool = new ArrayList<>();
            for (PoolCell c : nullSafe(r.pool())) {
                pool.add(new PoolTile(c));
            }
            return new View(
                    r.job().platform().displayName(),
                    r.job().id(),
                    r.job().name(),
                    r.diagnosisId(),
                    r.headline(),
                    r.verdict().name(),
                    r.verdictText(),
                    List.copyOf(findings),
                    List.copyOf(resources),
                    List.copyOf(hints),
                    List.copyOf(nullSafe(r.pods())),
                    List.copyOf(nullSafe(r.queues())),
                    List.copyOf(r.summaryLines()),
                    List.copyOf(pool),
                    r.sinceLastStart() == null ? null : new Since(r.sinceLastStart()));
        }

        static View unreadable(String directory, String why) {
            String headline = "This version of the plugin cannot read this report: " + why;
            return new View(
                    "",
                    directory == null ? "" : directory,
                    directory == null ? "" : directory,
                    "",
                    headline,
                    "UNKNOWN",
                    "see the archived files",
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of(headline),
                    List.of(),
                    null);
        }

        /** An action saved before the report was stored whole: its copied rows, as they were. */
        static View legacy(ScheduleDiagnosisAction a) {
            return new View(
                    a.platform,
                    a.jobId,
                    a.jobName,
                    a.diagnosisId,
                    a.headline,
                    a.verdict,
                    a.verdictText,
                    nullSafe(a.findings),
                    nullSafe(a.resources),
                    nullSafe(a.hints),
                    nullSafe(a.pods),
                    nullSafe(a.queues),
                    nullSafe(a.summary),
                    nullSafe(a.pool),
                    null);
        }
    }

    private View view() {
        View v = view;
        if (v == null) {
            try {
                v = reportJson != null ? View.of(report()) : View.legacy(this);
            } catch (InvalidInputException e) {
                // a newer schemaVersion, after a downgrade: say so on the page rather than break it
                v = View.unreadable(directory, e.getMessage());
            }
            view = v;
        }
        return v;
    }

    /** Core's report of this diagnosis; {@code null} for an action saved before the report was stored whole. */
    DiagnosisReport report() {
        return reportJson == null ? null : ReportJson.read(reportJson);
    }

    static ScheduleDiagnosisAction of(
            DiagnosisReport report, Map<String, String> fileNames, String urlName, String directory) {
        ScheduleDiagnosisAction action = new ScheduleDiagnosisAction(report, fileNames);
        action.urlName = urlName;
        action.directory = directory;
        return action;
    }

    /** This diagnosis with the attempts of the submit it belongs to (none: a submit of one attempt). */
    ScheduleDiagnosisAction withAttempts(List<Attempt> list) {
        this.attempts = list == null || list.isEmpty()
                ? null
                : list.stream().map(AttemptRow::new).collect(Collectors.toCollection(ArrayList::new));
        return this;
    }

    /** The submit's attempts, first first; empty for a submit of one attempt. */
    public List<AttemptRow> getAttempts() {
        return nullSafe(attempts);
    }

    /** The URL name a diagnosis of {@code jobId} gets when it is the {@code n}th of that job in a build. */
    static String urlNameOf(String jobId, int n) {
        return "training-job-" + directoryOf(jobId, n);
    }

    static String directoryOf(String jobId, int n) {
        return safeName(jobId) + (n <= 1 ? "" : "-" + n);
    }

    /** A name safe in a URL and a file system: letters, digits, dot, dash and underscore. */
    static String safeName(String s) {
        String safe = s.replaceAll("[^A-Za-z0-9._-]", "_");
        return safe.isEmpty() || safe.startsWith(".") ? "_" + safe : safe;
    }

    private static <T> List<T> nullSafe(List<T> list) {
        return list == null ? List.of() : List.copyOf(list);
    }

    @Override
    public String getIconFileName() {
        // a core symbol: the legacy clipboard.png is only mapped through core's legacy table
        return "symbol-document-text";
    }

    @Override
    public String getDisplayName() {
        return Messages.Action_DisplayName(view().jobName());
    }

    @Override
    public String getUrlName() {
        return urlName != null ? urlName : urlNameOf(view().jobId(), 1);
    }

    /** The files' folder, relative to the build directory. */
    public String getReportDirectory() {
        return "training-job/" + (directory != null ? directory : directoryOf(view().jobId(), 1));
    }

    /**
     * The archived files, served by core as archived artifacts are (Resource Root URL, the administrator's
     * CSP, {@code nosniff}); no directory listing.
     */
    public DirectoryBrowserSupport doFiles() {
        File dir = new File(run.getRootDir(), getReportDirectory());
        return new DirectoryBrowserSupport(this, new FilePath(dir), getDisplayName(), getIconFileName(), false);
    }

    /** The archived JSON report, at its earlier URL. */
    public void doJson(StaplerResponse2 rsp) throws IOException {
        redirectToFile("json", rsp);
    }

    /** The archived HTML report, at its earlier URL. */
    public void doHtml(StaplerResponse2 rsp) throws IOException {
        redirectToFile("html", rsp);
    }

    /** The archived JUnit XML report, at its earlier URL. */
    public void doJunit(StaplerResponse2 rsp) throws IOException {
        redirectToFile("junit", rsp);
    }

    /** The file of {@code format} under {@link #doFiles()}, relative to this action's URL; null if none. */
    String fileUrl(String format) {
        String name = files.get(format);
        return name == null || !name.equals(safeName(name)) ? null : "files/" + name;
    }

    private void redirectToFile(String format, StaplerResponse2 rsp) throws IOException {
        String url = fileUrl(format);
        if (url == null) {
            rsp.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        // relative to .../<urlName>/<format>, so it lands on .../<urlName>/files/<name>
        rsp.sendRedirect(url);
    }

    @Override
    public void onAttached(Run<?, ?> r) {
        this.run = r;
    }

    @Override
    public void onLoad(Run<?, ?> r) {
        this.run = r;
    }

    public Run<?, ?> getRun() {
        return run;
    }

    public String getPlatform() {
        return view().platform();
    }

    public String getJobId() {
        return view().jobId();
    }

    public String getJobName() {
        return view().jobName();
    }

    public String getDiagnosisId() {
        return view().diagnosisId();
    }

    public String getHeadline() {
        return view().headline();
    }

    public String getVerdict() {
        return view().verdict();
    }

    public String getVerdictText() {
        return view().verdictText();
    }

    public List<Finding> getFindings() {
        return view().findings();
    }

    public List<Resource> getResources() {
        return view().resources();
    }

    public List<Hint> getHints() {
        return view().hints();
    }

    /** The pool picture's tiles (empty when no inventory was joined, or in actions saved before it). */
    public List<PoolTile> getPool() {
        return view().pool();
    }

    public List<String> getPods() {
        return view().pods();
    }

    public List<String> getQueues() {
        return view().queues();
    }

    /** A few lines for the build page: headline, verdict, the main reasons, the first suggestion. */
    public List<String> getSummary() {
        return view().summary();
    }

    /**
     * The summary without its first line: the build page prints the full {@link #getHeadline()} above
     * these, where the summary's own first line is the headline cut at 100 characters.
     */
    public List<String> getSummaryDetails() {
        List<String> summary = getSummary();
        // the summary's last line is "Since it last started", cut at 100 characters: the page prints it whole
        int end = summary.size() - (getSince() == null || summary.size() <= 1 ? 0 : 1);
        return end <= 1 ? List.of() : List.copyOf(summary.subList(1, end));
    }

    /** What changed since an earlier build of the job got its GPUs; {@code null} when it has no baseline. */
    public Since getSince() {
        return view().since();
    }

    /** Format to file name, in the build directory under {@code training-job/<job id>/}. */
    public Map<String, String> getFiles() {
        return new TreeMap<>(files);
    }
}
