package io.jenkins.plugins.trainingjob.core.platform.aihc;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Finds the jobs carrying a client-token label in AIHC's job list. AIHC has no look-up by token, so the first
 * {@value #PAGES} list pages are searched; list items that carry no labels are read in detail only when
 * they are likely the job (by name), because reading every job's detail would make one submit cost a
 * call per job in the pool.
 */
final class AihcJobFinder {

    static final int PAGES = 3;
    static final int PAGE_SIZE = 50;

    /** One page of the job list of a queue ({@code ""} for the pool's default), the envelope's result. */
    @FunctionalInterface
    interface ListPage {
        JsonNode read(String queue, int page, int pageSize);
    }

    /**
     * A job found under the token, with its labels (for the signed spec digest) and its detail when it was
     * read for them (else {@code null}).
     */
    record Found(JobRef job, JsonNode labels, JsonNode detail) {}

    private final ListPage listPage;
    private final Function<JobRef, JsonNode> detail;

    AihcJobFinder(ListPage listPage, Function<JobRef, JsonNode> detail) {
        this.listPage = listPage;
        this.detail = detail;
    }

    /**
     * The jobs of the first {@value #PAGES} list pages that carry a client-token label, newest first, and
     * whether the pages were full (then older jobs exist that were not read).
     */
    record Window(List<Found> jobs, boolean full) {}

    /**
     * Every job of the first {@value #PAGES} list pages carrying the token label, newest first, whatever its
     * name: a label is data anyone who may create jobs in the queue writes, so which of them (if any) is the
     * caller's is decided after, by {@link AihcOwnedJob}.
     *
     * @param likely whether a job without labels in its list item, by its name, may be the one looked for:
     *     only those are read in detail
     */
    List<Found> byToken(String queue, Predicate<String> likely, String clientToken) {
        return window(queue, likely).jobs().stream()
                .filter(f -> hasToken(f.labels(), clientToken))
                .toList();
    }

    /**
     * Every job of the first {@value #PAGES} list pages that carries a client-token label (any token),
     * newest first; a list item without labels is read in detail when {@code likely} accepts its name.
     */
    Window window(String queue, Predicate<String> likely) {
        List<Found> found = new ArrayList<>();
        for (int page = 1; page <= PAGES; page++) {
            JsonNode jobs = listPage.read(queue, page, PAGE_SIZE).path("jobs");
            if (!jobs.isArray() || jobs.isEmpty()) {
                return new Window(found, false);
            }
            for (JsonNode job : jobs) {
                String jobId = AihcJobReader.text(job, "jobId");
                String name = AihcJobReader.text(job, "name");
                JsonNode labels = job.get("labels");
                JsonNode read = null;
                if (jobId.isEmpty()) {
                    continue;
                }
                if (labels == null && likely.test(name)) {
                    read = detail.apply(new JobRef(PlatformKind.AIHC, jobId, name));
                    labels = read.path("labels");
                }
                if (!label(labels, AihcClient.CLIENT_TOKEN_LABEL).isEmpty()) {
                    found.add(new Found(new JobRef(PlatformKind.AIHC, jobId, name), labels, read));
                }
            }
            if (jobs.size() < PAGE_SIZE) {
                return new Window(found, false);
            }
        }
        return new Window(found, true);
    }

    private static boolean hasToken(JsonNode labels, String clientToken) {
        return clientToken.equals(label(labels, AihcClient.CLIENT_TOKEN_LABEL));
    }

    /** The value of label {@code key} in a job's {@code [{key, value}]} labels, or {@code ""}. */
    static String label(JsonNode labels, String key) {
        if (labels == null || !labels.isArray()) {
            return "";
        }
        for (JsonNode label : labels) {
            if (key.equals(AihcJobReader.text(label, "key"))) {
                return AihcJobReader.text(label, "value");
            }
        }
        return "";
    }
}
