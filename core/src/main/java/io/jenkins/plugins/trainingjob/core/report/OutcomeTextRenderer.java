package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The short report of an outcome as plain text or Markdown: one layout, the headline, the facts, the last
 * events, the attempts and the log tail. Plain text strips every remote string, Markdown escapes it
 * ({@link RemoteText}); the JUnit renderer takes the plain layout with remote strings only made one line
 * each, and escapes the whole body for XML once.
 */
final class OutcomeTextRenderer {

    private final boolean markdown;
    private final UnaryOperator<String> remote;

    private OutcomeTextRenderer(boolean markdown, UnaryOperator<String> remote) {
        this.markdown = markdown;
        this.remote = remote;
    }

    static OutcomeTextRenderer text() {
        return new OutcomeTextRenderer(false, RemoteText::plain);
    }

    static OutcomeTextRenderer markdown() {
        return new OutcomeTextRenderer(true, MarkdownReportRenderer::esc);
    }

    /**
     * Plain text whose remote strings are only made one line each ({@link ConsoleText#strip}), for a format
     * that escapes and bounds the whole body line by line: a remote line break would otherwise forge a line
     * of the body (a fact such as {@code Outcome: completed}).
     */
    static OutcomeTextRenderer raw() {
        return new OutcomeTextRenderer(false, ConsoleText::strip);
    }

    String render(OutcomeSummary summary) {
        StringBuilder b = new StringBuilder();
        b.append(markdown ? "# " : "").append(remote.apply(summary.headline())).append("\n\n");
        for (String[] f : summary.facts(remote)) {
            b.append(markdown ? "- **" + f[0] + "**: " : f[0] + ": ")
                    .append(f[1])
                    .append('\n');
        }
        List<String> events = summary.events(remote);
        if (!events.isEmpty()) {
            b.append('\n').append(markdown ? "## Last events\n\n" : "Last events:\n");
            events.forEach(e -> b.append(markdown ? "- " : "  ").append(e).append('\n'));
        }
        if (!summary.attempts().isEmpty()) {
            b.append('\n').append(markdown ? "## Attempts\n\n" : "Attempts:\n");
            summary.attempts().forEach(a -> b.append(markdown ? "- " : "  ")
                    .append(remote.apply(a.line()))
                    .append('\n'));
        }
        if (summary.tail() != null) {
            tail(summary, b);
        }
        return b.toString();
    }

    private void tail(OutcomeSummary summary, StringBuilder b) {
        List<String> lines = summary.tail().lines();
        String note = summary.tail().note();
        b.append('\n')
                .append(markdown ? "## " : "")
                .append(summary.tailTitle(remote))
                .append(markdown ? "\n\n" : ":\n");
        if (markdown && !lines.isEmpty()) {
            // A fence longer than any backtick run in the log: a line of ``` cannot close it.
            b.append(RemoteText.markdownFence(lines, ""));
        } else {
            lines.forEach(l -> b.append("  ").append(remote.apply(l)).append('\n'));
        }
        if (!note.isEmpty()) {
            b.append(markdown ? "\n" : "  ")
                    .append("(")
                    .append(remote.apply(note))
                    .append(")\n");
        }
    }
}
