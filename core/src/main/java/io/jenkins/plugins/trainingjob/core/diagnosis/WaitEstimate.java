package io.jenkins.plugins.trainingjob.core.diagnosis;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * When the pending job was expected to start, as the report carries it: the range in seconds from when it
 * was estimated (p10, p50, p90; absent unless {@code kind} is {@code ESTIMATE}), a one-line summary and what
 * it rests on. Plain data, so the report needs nothing of the estimator; the watch fills it from its last
 * estimate. Every string may hold remote data (queue names): renderers escape it.
 *
 * @param kind {@code ESTIMATE}, {@code NO_BASIS} or {@code NEEDS_ADMIN}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WaitEstimate(
        String kind, Long p10, Long p50, Long p90, int jobsAhead, long gpusAhead, String summary, String basis) {

    public WaitEstimate {
        kind = kind == null ? "" : kind;
        summary = summary == null ? "" : summary;
        basis = basis == null ? "" : basis;
    }

    public boolean known() {
        return p10 != null && p50 != null && p90 != null;
    }
}
