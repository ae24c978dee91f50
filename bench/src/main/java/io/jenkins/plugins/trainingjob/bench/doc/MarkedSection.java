package io.jenkins.plugins.trainingjob.bench.doc;

/**
 * A figure's section of a Markdown document, between a begin and an end comment: a new run replaces it, so
 * the rest of the document (other figures, notes written by hand) stays as it was.
 */
public final class MarkedSection {
    private MarkedSection() {}

    /** {@code document} with the section between the markers replaced, or appended when it has none. */
    public static String splice(String document, String begin, String end, String markdown) {
        String section = begin + "\n" + markdown + end + "\n";
        int from = document.indexOf(begin);
        int to = document.indexOf(end);
        if (from >= 0 && to > from) {
            return document.substring(0, from)
                    + section
                    + document.substring(to + end.length()).replaceFirst("^\n", "");
        }
        return document + (document.endsWith("\n") ? "\n" : "\n\n") + section;
    }
}
