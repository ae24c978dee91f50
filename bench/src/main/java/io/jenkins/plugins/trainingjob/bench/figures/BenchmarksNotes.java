package io.jenkins.plugins.trainingjob.bench.figures;

/** The prose under the tables. */
final class BenchmarksNotes {
    private BenchmarksNotes() {
    }

    static String text(BenchmarksDocument d) {
        return "";
    }
}
