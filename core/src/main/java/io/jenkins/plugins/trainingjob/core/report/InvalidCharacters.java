package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.text.ConsoleText;

/**
 * Drops what no document format should carry from remote strings: lone surrogates (not text at all) and
 * the noncharacters U+FFFE and U+FFFF (forbidden in XML, parse errors in HTML). Control characters are
 * {@link ConsoleText#strip}'s job.
 */
final class InvalidCharacters {

    private InvalidCharacters() {}

    static String drop(String s) {
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean pair =
                    Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
            if (pair) {
                if (b != null) {
                    b.append(c).append(s.charAt(i + 1));
                }
                i++;
                continue;
            }
            boolean bad = Character.isSurrogate(c) || c == '\uFFFE' || c == '\uFFFF';
            if (bad && b == null) {
                b = new StringBuilder(s.length()).append(s, 0, i);
            } else if (!bad && b != null) {
                b.append(c);
            }
        }
        return b == null ? s : b.toString();
    }
}
