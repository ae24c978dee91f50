package io.jenkins.plugins.trainingjob.core.monitor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.report.Attempt;
import io.jenkins.plugins.trainingjob.core.report.RemoteText;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * The short report of a wait that ended any way but unschedulable (which has the diagnosis report):
 * completed, failed, timed out, stopped. What a release owner opens first: the outcome's line, the job's
 * state and times, why it failed (worker, exit code, last events), its outputs and the failing worker's
 * last log lines. One renderer for the CLI's {@code --report-file} and the Jenkins build. Every remote
 * string goes through {@link RemoteText}, as in the diagnosis report: stripped of control characters,
 * bounded, cleared of characters no file may carry, and escaped in Markdown, HTML and XML.
 *
 * @param outputs what the log gave, or {@code null} when not read (the job did not finish)
 * @param tail the failing worker's last lines, or {@code null} when not read
 * @param cleanup what was done to a job the wait left behind ({@code stopped job ...}), or empty
 * @param afterStop the job's state read after that stop, or {@code null}: the report then says the state
 *     the job is in, not the one the wait last saw before stopping it
 * @param attempts every attempt of a submit that took several (retries, fallback moves), in order; empty
 *     for a single attempt
 */
public record OutcomeSummary(
        JobRef job,
        Outcome outcome,
        JobOutputs outputs,
        WorkerLogReader.LogTail tail,
        String cleanup,
        JobStatus afterStop,
        List<Attempt> attempts) {

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();

    public OutcomeSummary {
        cleanup = cleanup == null ? "" : cleanup;
        attempts = attempts == null ? List.of() : List.copyOf(attempts);
    }

    /** A wait that stopped nothing, of a submit with one attempt. */
    public OutcomeSummary(
            JobRef job, Outcome outcome, JobOutputs outputs, WorkerLogReader.LogTail tail, String cleanup) {
        this(job, outcome, outputs, tail, cleanup, null, List.of());
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
        return facts(RemoteText::plain);
    }

    /**
     * The facts with every remote part passed through {@code remote} (stripped for text, escaped for
     * Markdown, left raw for a format that escapes whole values), our own words left as they are.
     */
    private List<String[]> facts(UnaryOperator<String> remote) {
        List<String[]> facts = new ArrayList<>();
        facts.add(new String[] {
            "Job",
            remote.apply(job.name()) + " (" + remote.apply(job.id()) + ") on "
                    + job.platform().displayName()
        });
        facts.add(new String[] {"Outcome", kind()});
        JobStatus s = afterStop != null ? afterStop : outcome.lastStatus();
        if (s != null) {
            facts.add(new String[] {
                "State",
                remote.apply(s.rawState().isEmpty() ? s.phase().name() : s.rawState())
                        + (afterStop != null ? " (read after the stop)" : "")
            });
            if (s.startedAt() != null) {
                facts.add(new String[] {"Started", s.startedAt().toString()});
            }
            if (s.finishedAt() != null) {
                facts.add(new String[] {"Finished", s.finishedAt().toString()});
            }
            if (s.consoleUrl() != null) {
                facts.add(new String[] {"Console", remote.apply(s.consoleUrl())});
            }
        }
        if (!cleanup.isEmpty()) {
            facts.add(new String[] {"After the wait", remote.apply(cleanup)});
        }
        if (outcome instanceof Outcome.JobFailed f && !f.failure().isEmpty()) {
            JobFailure failure = f.failure();
            if (!failure.reason().isEmpty()) {
                facts.add(new String[] {"Reason", remote.apply(failure.reason())});
            }
            if (!failure.worker().isEmpty()) {
                facts.add(new String[] {"Failing worker", remote.apply(failure.worker())});
            }
            if (failure.exitCode() != null) {
                facts.add(new String[] {"Exit code", failure.exitCode().toString()});
            }
        }
        if (outputs != null) {
            if (!outputs.isAvailable()) {
                facts.add(new String[] {"Outputs", "not available: " + remote.apply(outputs.unavailable())});
            } else if (outputs.values().isEmpty()) {
                facts.add(new String[] {"Outputs", "none printed by worker " + remote.apply(outputs.worker())});
            } else {
                outputs.values().forEach((k, v) -> facts.add(new String[] {"Output " + k, remote.apply(v)}));
            }
            outputs.notes().forEach(n -> facts.add(new String[] {"Note", remote.apply(n)}));
        }
        return facts;
    }

    private List<String> events(UnaryOperator<String> remote) {
        if (!(outcome instanceof Outcome.JobFailed f)) {
            return List.of();
        }
        return f.failure().lastEvents().stream().map(e -> event(e, remote)).toList();
    }

    private static String event(JobEvent e, UnaryOperator<String> remote) {
        String when = e.lastSeen() != null
                ? e.lastSeen().toString()
                : e.firstSeen() != null ? e.firstSeen().toString() : "";
        return (when.isEmpty() ? "" : when + " ") + remote.apply(e.reason()) + ": " + remote.apply(e.message());
    }

    /**
     * The outcome's first line, its console folding undone, without the lists that follow it (a failure's
     * last events, which have a section of their own): short enough for a title and a step summary's
     * heading. After a stop it says so, so it agrees with the state the report gives.
     */
    public String headline() {
        String first = ConsoleText.logicalLines(outcome.message())
                .lines()
                .findFirst()
                .orElse("")
                .strip();
        return afterStop == null
                ? first
                : first + "; then stopped: " + afterStop.phase().name();
    }

    private String text(boolean markdown) {
        return text(markdown, markdown ? RemoteText::markdown : RemoteText::plain);
    }

    private String text(boolean markdown, UnaryOperator<String> remote) {
        StringBuilder b = new StringBuilder();
        b.append(markdown ? "# " : "").append(remote.apply(headline())).append("\n\n");
        for (String[] f : facts(remote)) {
            b.append(markdown ? "- **" + f[0] + "**: " : f[0] + ": ")
                    .append(f[1])
                    .append('\n');
        }
        List<String> events = events(remote);
        if (!events.isEmpty()) {
            b.append('\n').append(markdown ? "## Last events\n\n" : "Last events:\n");
            events.forEach(e -> b.append(markdown ? "- " : "  ").append(e).append('\n'));
        }
        if (!attempts.isEmpty()) {
            b.append('\n').append(markdown ? "## Attempts\n\n" : "Attempts:\n");
            attempts.forEach(a -> b.append(markdown ? "- " : "  ")
                    .append(remote.apply(a.line()))
                    .append('\n'));
        }
        if (tail != null) {
            b.append('\n')
                    .append(markdown ? "## " : "")
                    .append(tailTitle(remote))
                    .append(markdown ? "\n\n" : ":\n");
            if (markdown && !tail.lines().isEmpty()) {
                // A fence longer than any backtick run in the log: a line of ``` cannot close it.
                b.append(RemoteText.markdownFence(tail.lines(), ""));
            } else {
                tail.lines().forEach(l -> b.append("  ").append(remote.apply(l)).append('\n'));
            }
            if (!tail.note().isEmpty()) {
                b.append(markdown ? "\n" : "  ")
                        .append("(")
                        .append(remote.apply(tail.note()))
                        .append(")\n");
            }
        }
        return b.toString();
    }

    private String tailTitle(UnaryOperator<String> remote) {
        return tail.worker().isEmpty()
                ? "Worker log"
                : "Last lines of worker " + remote.apply(tail.worker()) + "'s log";
    }

    private String html() {
        UnaryOperator<String> raw = UnaryOperator.identity();
        StringBuilder b = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>")
                .append(RemoteText.html(headline()))
                .append("</title></head><body>\n<h1>")
                .append(RemoteText.html(headline()))
                .append("</h1>\n<table>\n");
        for (String[] f : facts(raw)) {
            b.append("<tr><th>")
                    .append(RemoteText.html(f[0]))
                    .append("</th><td>")
                    .append(RemoteText.html(f[1]))
                    .append("</td></tr>\n");
        }
        b.append("</table>\n");
        List<String> events = events(raw);
        if (!events.isEmpty()) {
            b.append("<h2>Last events</h2>\n<ul>\n");
            events.forEach(e -> b.append("<li>").append(RemoteText.html(e)).append("</li>\n"));
            b.append("</ul>\n");
        }
        if (!attempts.isEmpty()) {
            b.append("<h2>Attempts</h2>\n<ol>\n");
            attempts.forEach(
                    a -> b.append("<li>").append(RemoteText.html(a.line())).append("</li>\n"));
            b.append("</ol>\n");
        }
        if (tail != null) {
            b.append("<h2>").append(RemoteText.html(tailTitle(raw))).append("</h2>\n<pre>");
            tail.lines().forEach(l -> b.append(RemoteText.html(l)).append('\n'));
            b.append("</pre>\n");
            if (!tail.note().isEmpty()) {
                b.append("<p>").append(RemoteText.html(tail.note())).append("</p>\n");
            }
        }
        return b.append("</body></html>\n").toString();
    }

    private String json() {
        Map<String, Object> doc = new TreeMap<>();
        doc.put("message", RemoteText.plain(headline()));
        doc.put("outcome", kind());
        Map<String, Object> facts = new LinkedHashMap<>();
        facts().forEach(f -> facts.putIfAbsent(f[0], f[1]));
        doc.put("facts", facts);
        doc.put("lastEvents", events(RemoteText::plain));
        if (!attempts.isEmpty()) {
            doc.put(
                    "attempts",
                    attempts.stream().map(a -> RemoteText.plain(a.line())).toList());
        }
        if (outputs != null) {
            Map<String, String> values = new TreeMap<>();
            outputs.values().forEach((k, v) -> values.put(k, RemoteText.plain(v)));
            doc.put("outputs", values);
        }
        if (tail != null) {
            doc.put("logTail", tail.lines().stream().map(RemoteText::plain).toList());
        }
        try {
            return JSON.writeValueAsString(doc) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a map of strings did not serialize", e);
        }
    }

    private String junit() {
        boolean ok = OutcomeClass.of(outcome) == OutcomeClass.SUCCESS;
        // Remote parts raw here: the XML escaping strips, bounds and drops once, line by line.
        String body = text(false, UnaryOperator.identity());
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
                .append("<testsuite name=\"trainjob\" tests=\"1\" failures=\"")
                .append(ok ? 0 : 1)
                .append("\">\n")
                .append("  <testcase classname=\"trainjob.")
                .append(job.platform().id())
                .append("\" name=\"")
                .append(RemoteText.xmlAttribute(job.name()))
                .append("\">\n");
        if (ok) {
            b.append("    <system-out>").append(RemoteText.xmlText(body)).append("</system-out>\n");
        } else {
            b.append("    <failure message=\"")
                    .append(RemoteText.xmlAttribute(headline()))
                    .append("\" type=\"")
                    .append(kind())
                    .append("\">")
                    .append(RemoteText.xmlText(body))
                    .append("</failure>\n");
        }
        return b.append("  </testcase>\n</testsuite>\n").toString();
    }
}
