package io.jenkins.plugins.trainingjob.core.platform.aihc;

import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettingsValidator;
import io.jenkins.plugins.trainingjob.core.platform.PathSegments;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.util.Objects;
import okhttp3.HttpUrl;

/**
 * Builds the AIHC v1 URLs of one resource pool, as {@code SenseCoreUrls} does for a SenseCore workspace.
 * Ids are added as encoded path segments, so an id with {@code /} cannot change the path, and a segment of
 * exactly {@code .} or {@code ..}, which OkHttp would resolve, is refused ({@link PathSegments}). On a managed
 * pool every job call carries the connection's queue as {@code queueID}, as bce-sdk-go does.
 */
final class AihcUrls {

    private final HttpUrl base;
    /** {@code null} when the connection names no pool: only a diagnosis can be fetched then. */
    private final String pool;
    /** The queue every call names on a managed pool; {@code null} on a self-managed one. */
    private final String managedQueue;

    AihcUrls(HttpUrl base, String pool, String managedQueue) {
        this.base = Objects.requireNonNull(base, "base");
        this.pool = pool;
        this.managedQueue = managedQueue;
    }

    /** The resource pool every job call names; refused with the pool's rule when the connection has none. */
    String pool() {
        if (pool == null) {
            ConnectionSettingsValidator.requireValid(
                    ConnectionSettingsValidator.setting(PlatformKind.AIHC, "resourcePool", null).stream()
                            .toList());
        }
        return pool;
    }

    /** {@code POST /api/v1/aijobs?resourcePoolId=} (+ {@code queueID}). */
    HttpUrl create() {
        return withQueueId(jobs().addQueryParameter("resourcePoolId", pool())).build();
    }

    /** {@code GET} or {@code DELETE /api/v1/aijobs/{jobId}?resourcePoolId=} (+ {@code queueID}). */
    HttpUrl job(String jobId) {
        return withQueueId(jobs().addPathSegment(jobSegment(jobId)).addQueryParameter("resourcePoolId", pool()))
                .build();
    }

    /**
     * {@code GET /api/v1/aijobs}, newest first: {@code queue} when one is named, and on a managed pool
     * {@code queueID} too (bce-sdk-go ListJobs sends the queue as both).
     */
    HttpUrl list(String queue, int page, int pageSize) {
        HttpUrl.Builder url = jobs().addQueryParameter("resourcePoolId", pool());
        if (!queue.isEmpty()) {
            url.addQueryParameter("queue", queue);
        }
        return withQueueId(url)
                .addQueryParameter("orderBy", "createdAt")
                .addQueryParameter("order", "desc")
                .addQueryParameter("pageNo", Integer.toString(page))
                .addQueryParameter("pageSize", Integer.toString(pageSize))
                .build();
    }

    /** {@code POST /api/v1/aijobs/{jobId}/stop?resourcePoolId=} (+ {@code queueID}). */
    HttpUrl stop(String jobId) {
        return withQueueId(jobs().addPathSegment(jobSegment(jobId))
                        .addPathSegment("stop")
                        .addQueryParameter("resourcePoolId", pool()))
                .build();
    }

    /**
     * {@code GET /api/v1/aijobs/{jobId}/events?resourcePoolId=&jobFramework=}; bce-sdk-go's v1 GetTaskEvent
     * sends no {@code queueID}, v2 DescribeJobEvents requires it: sent on managed pools.
     */
    HttpUrl events(String jobId, String jobFramework) {
        return withQueueId(jobs().addPathSegment(jobSegment(jobId))
                        .addPathSegment("events")
                        .addQueryParameter("resourcePoolId", pool())
                        .addQueryParameter("jobFramework", jobFramework))
                .build();
    }

    /** {@code GET /api/v1/aijobs/{jobId}/pods/{podName}/logs?resourcePoolId=&maxLines=} (+ queueID, marker). */
    HttpUrl logs(String jobId, String worker, int maxLines, String marker) {
        HttpUrl.Builder url = withQueueId(jobs().addPathSegment(jobSegment(jobId))
                .addPathSegment("pods")
                .addPathSegment(PathSegments.require("worker", worker))
                .addPathSegment("logs")
                .addQueryParameter("resourcePoolId", pool())
                .addQueryParameter("maxLines", Integer.toString(maxLines)));
        if (marker != null && !marker.isEmpty()) {
            url.addQueryParameter("marker", marker);
        }
        return url.build();
    }

    /** {@code POST /api/v1/aifd/schedulediagnosis/job/launcher} (the pool and job go in the body). */
    HttpUrl launchDiagnosis() {
        return base.newBuilder()
                .addPathSegments("api/v1/aifd/schedulediagnosis/job/launcher")
                .build();
    }

    /** {@code GET /api/v1/aifd/schedulediagnosis/job/query?diagnosisId=}: no pool needed. */
    HttpUrl queryDiagnosis(String diagnosisId) {
        return base.newBuilder()
                .addPathSegments("api/v1/aifd/schedulediagnosis/job/query")
                .addQueryParameter("diagnosisId", diagnosisId)
                .build();
    }

    private static String jobSegment(String jobId) {
        return PathSegments.require("jobId", jobId);
    }

    private HttpUrl.Builder jobs() {
        return base.newBuilder().addPathSegments("api/v1/aijobs");
    }

    private HttpUrl.Builder withQueueId(HttpUrl.Builder url) {
        if (managedQueue != null) {
            url.addQueryParameter("queueID", managedQueue);
        }
        return url;
    }
}
