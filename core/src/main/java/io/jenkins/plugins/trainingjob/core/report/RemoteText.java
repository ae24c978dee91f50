package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.List;

/**
 * A remote string (a job name, a reason, a log line, an output) made safe for each document the reports
 * write: control characters stripped ({@link ConsoleText#strip}), hostile lengths bounded
 * ({@link ReportLimits#bounded}), characters no document may carry dropped ({@link InvalidCharacters}),
 * then the format's own syntax escaped. One place for the diagnosis report's renderers and those of the
 * short report of any other outcome ({@link OutcomeSummary}), so both escape alike.
 */
public final class RemoteText {

    private RemoteText() {}

    /** For plain text (and JSON, which escapes its own syntax): stripped, bounded, always encodable. */
    public static String plain(String remote) {
        return InvalidCharacters.drop(ReportLimits.bounded(remote));
    }

    /** Markdown and the HTML it may carry escaped, so a value cannot open a code span, a link or a cell. */
    static String markdown(String remote) {
        String s = plain(remote);
        StringBuilder b = new StringBuilder(s.length() + 8);
        for (char c : s.toCharArray()) {
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '\\', '`', '*', '_', '[', ']', '#', '!', '|', '~' ->
                    b.append('\\').append(c);
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * Lines as a fenced Markdown block, each line indented by {@code indent} (under a list item), in a
     * fence longer than any backtick run inside, so no line can close it. Lines are {@link #plain}.
     */
    static String markdownFence(List<String> lines, String indent) {
        int longest = 0;
        for (String line : lines) {
            int run = 0;
            for (char c : line.toCharArray()) {
                run = c == '`' ? run + 1 : 0;
                longest = Math.max(longest, run);
            }
        }
        String fence = "`".repeat(Math.max(3, longest + 1));
        StringBuilder b = new StringBuilder().append(indent).append(fence).append('\n');
        for (String line : lines) {
            b.append(indent).append(plain(line)).append('\n');
        }
        return b.append(indent).append(fence).append('\n').toString();
    }

    /** Escaped for HTML text and attribute contexts alike. */
    static String html(String remote) {
        String s = plain(remote);
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (char c : s.toCharArray()) {
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

    /**
     * Escaped for an XML attribute, with the characters XML 1.0 does not allow dropped (C0 controls,
     * lone surrogates, U+FFFE/U+FFFF); line breaks become character references so parsers keep them.
     */
    static String xmlAttribute(String remote) {
        return xml(remote, "&#10;");
    }

    /** As {@link #xmlAttribute} for element content, where line breaks stay line breaks. */
    static String xmlText(String remote) {
        return xml(remote, "\n");
    }

    private static String xml(String remote, String lineBreak) {
        String s = remote == null ? "" : remote;
        StringBuilder b = new StringBuilder(s.length() + 16);
        boolean first = true;
        for (String line : s.split("\n", -1)) {
            if (!first) {
                b.append(lineBreak);
            }
            first = false;
            String clean = plain(line);
            for (int i = 0; i < clean.length(); i++) {
                char c = clean.charAt(i);
                switch (c) {
                    case '&' -> b.append("&amp;");
                    case '<' -> b.append("&lt;");
                    case '>' -> b.append("&gt;");
                    case '"' -> b.append("&quot;");
                    case '\'' -> b.append("&apos;");
                    default -> b.append(c);
                }
            }
        }
        return b.toString();
    }
}
