package io.jenkins.plugins.trainingjob.report;

import hudson.model.Run;
import io.jenkins.plugins.trainingjob.Messages;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.NodeRange;
import io.jenkins.plugins.trainingjob.core.diagnosis.PoolCell;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import jenkins.model.RunAction2;
import org.kohsuke.stapler.StaplerResponse2;

/**
 * A schedule diagnosis on the build page: a summary (headline, verdict) and a report page. Holds plain
 * strings copied from the report, so the build record does not depend on core's classes; the views show
 * them through escaped Jelly expressions only (node names and reasons come from the platform).
 *
 * <p>Serves the archived files at {@code json}, {@code html} and {@code junit} under its own URL, which
 * is unique in the build (a second diagnosis of the same job gets {@code -2}). The HTML is served
 * sandboxed by a Content-Security-Policy: a hostile node name in it cannot run script on Jenkins' origin.
 */
public class ScheduleDiagnosisAction implements RunAction2, Serializable {
    private static final long serialVersionUID = 1L;

    private final String platform;
    private final String jobId;
    private final String jobName;
    private final String diagnosisId;
    private final String headline;
    private final String verdict;
    private final String verdictText;
    private final List<Finding> findings;
    private final List<Resource> resources;
    private final List<Hint> hints;
    private final List<String> pods;
    private final List<String> queues;
    private final Map<String, String> files;
    private final List<String> summary;
    /** The pool picture; null in actions saved before it existed. */
    private final List<PoolTile> pool;
    /** Unique in the build; {@code null} in actions saved before it existed (then derived from the job). */
    private String urlName;
    /** The files' folder under the build's {@code training-job/}; {@code null} as for {@link #urlName}. */
    private String directory;
    private transient Run<?, ?> run;

    /** The content type each served format has; the HTML also gets a sandboxing policy. */
    private static final Map<String, String> CONTENT_TYPES = Map.of("json", "application/json;charset=UTF-8",
            "html", "text/html;charset=UTF-8", "junit", "application/xml;charset=UTF-8");
    /** No script, no plugin, no form, no request: the report's own inline CSS and nothing else. */
    /** The JSON and JUnit XML files: nothing in them may load or run. */
    static final String FILE_POLICY = "sandbox; default-src 'none'";
    static final String HTML_POLICY = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";

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
     * devices, and a background colour chosen here from the reason's category (never from remote data).
     */
    public static final class PoolTile implements Serializable {
        private static final long serialVersionUID = 1L;
        private final String nodes;
        private final String why;
        private final String devices;
        private final String colour;

        PoolTile(PoolCell c) {
            this.nodes = c.nodes() + (c.count() > 1 ? " ×" + c.count() : "");
            this.why = c.refusal() == null ? (c.intervention().isEmpty() ? "not refused" : c.intervention())
                    : c.refusal().title();
            this.devices = c.gpuTotal() < 0 ? "not in the inventory"
                    : c.gpuFree() + "/" + c.gpuTotal() + " " + (c.gpuResource().isEmpty() ? "devices" : c.gpuResource())
                    + " free";
            this.colour = c.refusal() == null ? "#e8f5e9" : switch (c.refusal()) {
                case CORDONED -> "#cfe2ff";
                case UNTOLERATED_TAINT -> "#e2d9f3";
                case INSUFFICIENT_RESOURCE -> "#f8d7da";
                case QUEUE_OR_QUOTA -> "#fff3cd";
                case CONFIGURATION -> "#f5c2c7";
                default -> "#e9ecef";
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

        public String getColour() {
            return colour;
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
        this.platform = r.job().platform().displayName();
        this.jobId = r.job().id();
        this.jobName = r.job().name();
        this.diagnosisId = r.diagnosisId();
        this.headline = r.headline();
        this.verdict = r.verdict().name();
        this.verdictText = r.verdictText();
        this.findings = new ArrayList<>();
        for (DiagnosisReport.RuleGroup rule : nullSafe(r.rules())) {
            for (DiagnosisReport.ReasonGroup reason : nullSafe(rule.reasons())) {
                findings.add(new Finding(rule.rule(), reason.label().isEmpty() ? reason.reason() : reason.label(),
                        reason.nodeCount(), reason.nodes().stream().map(NodeRange::folded).collect(Collectors.joining(", "))));
            }
        }
        this.resources = new ArrayList<>();
        for (DiagnosisReport.ResourceRow row : nullSafe(r.resources())) {
            resources.add(new Resource(row.resource(), row.requested(), row.available(), row.nodesShort()));
        }
        this.summary = new ArrayList<>(r.summaryLines());
        this.hints = new ArrayList<>();
        for (DiagnosisReport.Hint h : nullSafe(r.hints())) {
            hints.add(new Hint(h.text(), h.snippet()));
        }
        this.pods = new ArrayList<>(nullSafe(r.pods()));
        this.queues = new ArrayList<>(nullSafe(r.queues()));
        this.files = new TreeMap<>(files);
        this.pool = new ArrayList<>();
        for (PoolCell c : nullSafe(r.pool())) {
            pool.add(new PoolTile(c));
        }
    }

    static ScheduleDiagnosisAction of(DiagnosisReport report, Map<String, String> fileNames, String urlName,
            String directory) {
        ScheduleDiagnosisAction action = new ScheduleDiagnosisAction(report, fileNames);
        action.urlName = urlName;
        action.directory = directory;
        return action;
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
        return list == null ? List.of() : list;
    }

    @Override
    public String getIconFileName() {
        // a core symbol: the legacy clipboard.png is only mapped through core's legacy table
        return "symbol-document-text";
    }

    @Override
    public String getDisplayName() {
        return Messages.Action_DisplayName(jobName);
    }

    @Override
    public String getUrlName() {
        return urlName != null ? urlName : urlNameOf(jobId, 1);
    }

    /** The files' folder, relative to the build directory. */
    public String getReportDirectory() {
        return "training-job/" + (directory != null ? directory : directoryOf(jobId, 1));
    }

    /** The archived JSON report. */
    public void doJson(StaplerResponse2 rsp) throws IOException {
        serve("json", rsp);
    }

    /** The archived HTML report, sandboxed. */
    public void doHtml(StaplerResponse2 rsp) throws IOException {
        serve("html", rsp);
    }

    /** The archived JUnit XML report. */
    public void doJunit(StaplerResponse2 rsp) throws IOException {
        serve("junit", rsp);
    }

    private void serve(String format, StaplerResponse2 rsp) throws IOException {
        String name = files.get(format);
        Path file = run == null || name == null || !name.equals(safeName(name)) ? null
                : run.getRootDir().toPath().resolve(getReportDirectory()).resolve(name);
        if (file == null || !Files.isRegularFile(file)) {
            rsp.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        rsp.setContentType(CONTENT_TYPES.get(format));
        rsp.setHeader("X-Content-Type-Options", "nosniff");
        // Every file, not only the HTML: browsers render XML and run XHTML <script> in it, so the JUnit file
        // is as much a page on Jenkins' origin as the HTML (review S6; core's DirectoryBrowserSupport does the same).
        rsp.setHeader("Content-Security-Policy", format.equals("html") ? HTML_POLICY : FILE_POLICY);
        rsp.setHeader("Content-Disposition", "inline; filename=\"" + name + "\"");
        try (OutputStream out = rsp.getOutputStream()) {
            Files.copy(file, out);
        }
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
        return platform;
    }

    public String getJobId() {
        return jobId;
    }

    public String getJobName() {
        return jobName;
    }

    public String getDiagnosisId() {
        return diagnosisId;
    }

    public String getHeadline() {
        return headline;
    }

    public String getVerdict() {
        return verdict;
    }

    public String getVerdictText() {
        return verdictText;
    }

    public List<Finding> getFindings() {
        return List.copyOf(findings);
    }

    public List<Resource> getResources() {
        return List.copyOf(resources);
    }

    public List<Hint> getHints() {
        return List.copyOf(hints);
    }

    /** The pool picture's tiles (empty when no inventory was joined, or in actions saved before it). */
    public List<PoolTile> getPool() {
        return pool == null ? List.of() : pool;
    }

    public List<String> getPods() {
        return List.copyOf(pods);
    }

    public List<String> getQueues() {
        return List.copyOf(queues);
    }

    /** A few lines for the build page: headline, verdict, the main reasons, the first suggestion. */
    public List<String> getSummary() {
        return List.copyOf(summary);
    }

    /**
     * The summary without its first line: the build page prints the full {@link #getHeadline()} above
     * these, where the summary's own first line is the headline cut at 100 characters.
     */
    public List<String> getSummaryDetails() {
        return summary.size() <= 1 ? List.of() : List.copyOf(summary.subList(1, summary.size()));
    }

    /** Format to file name, in the build directory under {@code training-job/<job id>/}. */
    public Map<String, String> getFiles() {
        return new TreeMap<>(files);
    }
}
