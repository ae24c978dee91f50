package io.jenkins.plugins.trainingjob.core.text;

/**
 * Makes remote strings (node names, platform messages) safe to print on a console or a build log: ANSI
 * escape sequences and other control characters are removed, so a hostile value cannot move the cursor,
 * recolour the log or forge extra lines.
 */
public final class ConsoleText {

    private ConsoleText() {}

    /** Strips escape sequences and control characters; line breaks and tabs become one space. */
    public static String strip(String s) {
        if (s == null || s.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c == '\u001b') {
                i = skipEscape(s, i + 1);
                continue;
            }
            if (c == '\n' || c == '\r' || c == '\t') {
                out.append(' ');
            } else if (!isControl(c)) {
                out.append(c);
            }
            i++;
        }
        return out.toString();
    }

    /**
     * {@link #strip} applied to each line of a multi-line text (e.g. a folded monitor message), keeping the
     * line breaks between them.
     */
    public static String stripLines(String s) {
        if (s == null || s.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder(s.length());
        s.lines().forEach(line -> out.append(out.length() > 0 ? "\n" : "").append(strip(line)));
        return out.toString();
    }

    /**
     * A message folded for a console (several lines, continuation lines indented) as one line, for a
     * machine or a title: each line stripped and trimmed, joined by one space.
     */
    public static String unfolded(String message) {
        return String.join(" ", stripLines(message).lines().map(String::strip).toList());
    }

    /**
     * How much deeper than the line it continues a folded continuation line is indented. A line of a
     * message that starts a new item (a message's "last events:" list) is indented otherwise, so
     * {@link #logicalLines} can tell the two apart.
     */
    public static final String FOLD_INDENT = "    ";

    /**
     * A message folded for a 100-column console back into its logical lines, for a log that is not a
     * terminal (a CI log is grepped, and a browser wraps long lines itself): a line indented exactly
     * {@link #FOLD_INDENT} deeper than the logical line before it continues that line and is joined to it
     * with one space; any other line starts a logical line of its own, its indentation kept. (A word longer
     * than a whole line, which the fold had to split, comes back with a space in it.)
     */
    public static String logicalLines(String message) {
        StringBuilder out = new StringBuilder();
        int indent = -1;
        for (String line : stripLines(message).lines().toList()) {
            int own = line.length() - line.stripLeading().length();
            if (indent >= 0 && own == indent + FOLD_INDENT.length()) {
                out.append(' ').append(line.strip());
            } else {
                out.append(indent >= 0 ? "\n" : "").append(line.stripTrailing());
                indent = own;
            }
        }
        return out.toString();
    }

    /** {@link #strip} and then cut to at most {@code max} characters, marking the cut with an ellipsis. */
    public static String strip(String s, int max) {
        String t = strip(s);
        if (max < 1 || t.length() <= max) {
            return t;
        }
        int end = Math.max(0, max - 1);
        if (end > 0 && Character.isHighSurrogate(t.charAt(end - 1))) {
            end--; // never leave half of a surrogate pair: a console shows it as '?', XML refuses it
        }
        return t.substring(0, end) + "…";
    }

    private static boolean isControl(char c) {
        // C0, DEL and C1 controls, plus bidi overrides that can disguise text in a terminal.
        return c < 0x20
                || (c >= 0x7f && c <= 0x9f)
                || (c >= '\u202a' && c <= '\u202e')
                || (c >= '\u2066' && c <= '\u2069');
    }

    /** Skips an escape sequence that started just before {@code i}: CSI, OSC or a single character. */
    private static int skipEscape(String s, int i) {
        int n = s.length();
        if (i >= n) {
            return i;
        }
        char c = s.charAt(i);
        if (c == '[') {
            i++;
            while (i < n && (s.charAt(i) < 0x40 || s.charAt(i) > 0x7e)) {
                i++;
            }
            return Math.min(n, i + 1);
        }
        if (c == ']') {
            i++;
            while (i < n
                    && s.charAt(i) != '\u0007'
                    && !(s.charAt(i) == '\u001b' && i + 1 < n && s.charAt(i + 1) == '\\')) {
                i++;
            }
            if (i < n && s.charAt(i) == '\u001b') {
                i++;
            }
            return Math.min(n, i + 1);
        }
        return i + 1;
    }
}
