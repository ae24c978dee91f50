package io.jenkins.plugins.trainingjob.core.spec;

import java.util.Comparator;

/** Builds the field paths that problems name: {@code roles[0].resource_spec[1].replicas}. */
final class SpecPath {

    static final String ROOT = "";

    /**
     * Orders paths as they read in a document: the document itself first, then by field, with list
     * indexes compared as numbers ({@code env[2]} before {@code env[10]}).
     */
    static final Comparator<String> ORDER = SpecPath::compare;

    private SpecPath() {}

    private static int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char x = a.charAt(i);
            char y = b.charAt(j);
            if (Character.isDigit(x) && Character.isDigit(y)) {
                int endX = digitsEnd(a, i);
                int endY = digitsEnd(b, j);
                int byLength = Integer.compare(endX - i, endY - j);
                int byValue = byLength != 0 ? byLength : a.substring(i, endX).compareTo(b.substring(j, endY));
                if (byValue != 0) {
                    return byValue;
                }
                i = endX;
                j = endY;
            } else if (x != y) {
                return Character.compare(x, y);
            } else {
                i++;
                j++;
            }
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    private static int digitsEnd(String text, int start) {
        int end = start;
        while (end < text.length() && Character.isDigit(text.charAt(end))) {
            end++;
        }
        return end;
    }

    static String field(String parent, String name) {
        String safe = QuotedText.of(name);
        return parent.isEmpty() ? safe : parent + "." + safe;
    }

    static String index(String parent, int index) {
        return parent + "[" + index + "]";
    }

    /** True when {@code path} is {@code ancestor} itself or lies inside it. */
    static boolean isWithin(String path, String ancestor) {
        if (ancestor.isEmpty() || path.equals(ancestor)) {
            return true;
        }
        return path.startsWith(ancestor)
                && (path.charAt(ancestor.length()) == '.' || path.charAt(ancestor.length()) == '[');
    }
}
