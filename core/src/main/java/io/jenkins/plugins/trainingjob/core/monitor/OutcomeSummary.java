package io.jenkins.plugins.trainingjob.core.monitor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The short report of a wait that ended any way but unschedulable (which has the diagnosis report):
 * completed, failed, timed out, stopped. What a release owner opens first: the outcome's line, the job's
 * state and times, why it failed (worker, exit code, last events), its outputs and the failing worker's
 * last log lines. One renderer for the CLI's {@code --report-file} and the Jenkins build. Every remote
 * string is stripped of control characters, and escaped in HTML and XML.
 *
 * @param outputs what the log gave, or {@code null} when not read (the job did not finish)
 * @param tail the failing worker's last lines, or {@code null} when not read
 * @param cleanup what was done to a job the wait left behind ({@code stopped job ...}), or empty
 */
public record OutcomeSummary(
        JobRef job, Outcome outcome, JobOutputs outputs, WorkerLogReader.LogTail tail, String cleanup) {

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();

    public OutcomeSummary {
        cleanup = cleanup == null ? "" : cleanup;
    }

    /** The outcome's name as JSON documents give it: {@code completed}, {@code job_failed}, ... */
    public String kind() {
        return outcome.kind().name().toLowerCase(Locale.ROOT);
    }

    public String render(ReportFormat format) {
        return switch (format) {
            case TEXT -> text(false);
            case MARKDOWN -> text(true);
            case HTML -> html();
            case JSON -> json();
            case JUNIT -> junit();
        };
    }

    /** The facts, one per line ({@code label: value}), in reading order; remote strings stripped. */
    List<String[]> facts() {
        List<String[]> facts = new ArrayList<>();
        facts.add(new String[] {
            "Job",
            strip(job.name()) + " (" + strip(job.id()) + ") on "
                    + job.platform().displayName()
        });
        facts.add(new String[] {"Outcome", kind()});
        JobStatus s = outcome.lastStatus();
        if (s != null) {
            facts.add(new String[] {
                "State", strip(s.rawState().isEmpty() ? s.phase().name() : s.rawState())
            });
            if (s.startedAt() != null) {
                facts.add(new String[] {"Started", s.startedAt().toString()});
            }
            if (s.finishedAt() != null) {
                facts.add(new String[] {"Finished", s.finishedAt().toString()});
            }
            if (s.consoleUrl() != null) {
                facts.add(new String[] {"Console", strip(s.consoleUrl())});
            }
        }
        if (!cleanup.isEmpty()) {
            facts.add(new String[] {"After the wait", strip(cleanup)});
        }
        if (outcome instanceof Outcome.JobFailed f && !f.failure().isEmpty()) {
            JobFailure failure = f.failure();
            if (!failure.reason().isEmpty()) {
                facts.add(new String[] {"Reason", strip(failure.reason())});
            }
            if (!failure.worker().isEmpty()) {
                facts.add(new String[] {"Failing worker", strip(failure.worker())});
            }
            if (failure.exitCode() != null) {
                facts.add(new String[] {"Exit code", failure.exitCode().toString()});
            }
        }
        if (outputs != null) {
            if (!outputs.isAvailable()) {
                facts.add(new String[] {"Outputs", "not available: " + strip(outputs.unavailable())});
            } else if (outputs.values().isEmpty()) {
                facts.add(new String[] {"Outputs", "none printed by worker " + outputs.worker()});
            } else {
                outputs.values().forEach((k, v) -> facts.add(new String[] {"Output " + k, v}));
            }
            outputs.notes().forEach(n -> facts.add(new String[] {"Note", strip(n)}));
        }
        return facts;
    }

    private List<String> events() {
        if (!(outcome instanceof Outcome.JobFailed f)) {
            return List.of();
        }
        return f.failure().lastEvents().stream().map(OutcomeSummary::event).toList();
    }

    private static String event(JobEvent e) {
        String when = e.lastSeen() != null
                ? e.lastSeen().toString()
                : e.firstSeen() != null ? e.firstSeen().toString() : "";
        return (when.isEmpty() ? "" : when + " ") + strip(e.reason()) + ": " + strip(e.message());
    }

    private String headline() {
        return ConsoleText.strip(String.join(
                " ",
                ConsoleText.stripLines(outcome.message())
                        .lines()
                        .map(String::strip)
                        .toList()));
    }

    private String text(boolean markdown) {
        StringBuilder b = new StringBuilder();
        b.append(markdown ? "# " : "").append(headline()).append("\n\n");
        for (String[] f : facts()) {
            b.append(markdown ? "- **" + f[0] + "**: " : f[0] + ": ")
                    .append(f[1])
                    .append('\n');
        }
        List<String> events = events();
        if (!events.isEmpty()) {
            b.append('\n').append(markdown ? "## Last events\n\n" : "Last events:\n");
            events.forEach(e -> b.append(markdown ? "- " : "  ").append(e).append('\n'));
        }
        if (tail != null) {
            b.append('\n').append(markdown ? "## " : "").append(tailTitle()).append(markdown ? "\n\n" : ":\n");
            if (markdown && !tail.lines().isEmpty()) {
                b.append("```\n");
            }
            tail.lines().forEach(l -> b.append(markdown ? "" : "  ").append(l).append('\n'));
            if (markdown && !tail.lines().isEmpty()) {
                b.append("```\n");
            }
            if (!tail.note().isEmpty()) {
                b.append(markdown ? "\n" : "  ")
                        .append("(")
                        .append(strip(tail.note()))
                        .append(")\n");
            }
        }
        return b.toString();
    }

    private String tailTitle() {
        return tail.worker().isEmpty() ? "Worker log" : "Last lines of worker " + tail.worker() + "'s log";
    }

    private String html() {
        StringBuilder b = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>")
                .append(esc(headline()))
                .append("</title></head><body>\n<h1>")
                .append(esc(headline()))
                .append("</h1>\n<table>\n");
        for (String[] f : facts()) {
            b.append("<tr><th>")
                    .append(esc(f[0]))
                    .append("</th><td>")
                    .append(esc(f[1]))
                    .append("</td></tr>\n");
        }
        b.append("</table>\n");
        List<String> events = events();
        if (!events.isEmpty()) {
            b.append("<h2>Last events</h2>\n<ul>\n");
            events.forEach(e -> b.append("<li>").append(esc(e)).append("</li>\n"));
            b.append("</ul>\n");
        }
        if (tail != null) {
            b.append("<h2>").append(esc(tailTitle())).append("</h2>\n<pre>");
            tail.lines().forEach(l -> b.append(esc(l)).append('\n'));
            b.append("</pre>\n");
            if (!tail.note().isEmpty()) {
                b.append("<p>").append(esc(tail.note())).append("</p>\n");
            }
        }
        return b.append("</body></html>\n").toString();
    }

    private String json() {
        Map<String, Object> doc = new TreeMap<>();
        doc.put("message", headline());
        doc.put("outcome", kind());
        Map<String, Object> facts = new LinkedHashMap<>();
        facts().forEach(f -> facts.putIfAbsent(f[0], f[1]));
        doc.put("facts", facts);
        doc.put("lastEvents", events());
        if (outputs != null) {
            doc.put("outputs", outputs.values());
        }
        if (tail != null) {
            doc.put("logTail", tail.lines());
        }
        try {
            return JSON.writeValueAsString(doc) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a map of strings did not serialize", e);
        }
    }

    private String junit() {
        boolean ok = OutcomeClass.of(outcome) == OutcomeClass.SUCCESS;
        String body = text(false);
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
                .append("<testsuite name=\"trainjob\" tests=\"1\" failures=\"")
                .append(ok ? 0 : 1)
                .append("\">\n")
                .append("  <testcase classname=\"trainjob.")
                .append(job.platform().id())
                .append("\" name=\"")
                .append(esc(strip(job.name())))
                .append("\">\n");
        if (ok) {
            b.append("    <system-out>").append(esc(body)).append("</system-out>\n");
        } else {
            b.append("    <failure message=\"")
                    .append(esc(headline()))
                    .append("\" type=\"")
                    .append(kind())
                    .append("\">")
                    .append(esc(body))
                    .append("</failure>\n");
        }
        return b.append("  </testcase>\n</testsuite>\n").toString();
    }

    private static String strip(String s) {
        return ConsoleText.strip(s);
    }

    /** Escapes markup in text already stripped of control characters (so valid in XML 1.0 too). */
    private static String esc(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }
}
