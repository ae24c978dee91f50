package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import io.jenkins.plugins.trainingjob.core.platform.PathSegments;
import java.util.Objects;
import okhttp3.HttpUrl;

/**
 * Builds the ACP v2, AEC2 and workspace URLs of one workspace. Every path parameter is added as an encoded
 * path segment, so a name with {@code /} or spaces cannot change the path, and a segment of exactly
 * {@code .} or {@code ..}, which OkHttp would resolve, is refused ({@link PathSegments}).
 *
 * <p>{@code zone} is the workspace zone (region + {@code z}, e.g. {@code cn-sh-01z}); resource specs are
 * addressed by the pool's own zone (e.g. {@code cn-sh-01e}), taken from the binding's id.
 */
final class SenseCoreUrls {

    private final HttpUrl base;
    private final String subscription;
    private final String resourceGroup;
    private final String zone;
    private final String workspace;

    public SenseCoreUrls(HttpUrl base, String subscription, String resourceGroup, String zone, String workspace) {
        this.base = Objects.requireNonNull(base, "base");
        this.subscription = required(subscription, "subscription");
        this.resourceGroup = required(resourceGroup, "resourceGroup");
        this.zone = required(zone, "zone");
        this.workspace = required(workspace, "workspace");
    }

    private static String required(String value, String field) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("SenseCore connection: " + field + " must be set");
        }
        return PathSegments.require(field, value.trim());
    }

    public String subscription() {
        return subscription;
    }

    public String resourceGroup() {
        return resourceGroup;
    }

    public String zone() {
        return zone;
    }

    public String workspace() {
        return workspace;
    }

    private static String nameSegment(String name) {
        return PathSegments.require("name", name);
    }

    private HttpUrl.Builder scoped(String prefix, String zoneSegment) {
        HttpUrl.Builder b = base.newBuilder();
        for (String s : prefix.split("/")) {
            b.addPathSegment(s);
        }
        return b.addPathSegment("subscriptions")
                .addPathSegment(subscription)
                .addPathSegment("resourceGroups")
                .addPathSegment(resourceGroup)
                .addPathSegment("zones")
                .addPathSegment(PathSegments.require("zone", zoneSegment));
    }

    private HttpUrl.Builder collection(String lastSegment) {
        return scoped("compute/acp/data/v2", zone)
                .addPathSegment("workspaces")
                .addPathSegment(workspace)
                .addPathSegment(lastSegment);
    }

    /** {@code POST .../trainingJobs?training_job_name={name}}. */
    public HttpUrl create(String name) {
        return collection("trainingJobs")
                .addQueryParameter("training_job_name", name)
                .build();
    }

    /** {@code GET .../trainingJobs?page_size=&page_token=}. */
    public HttpUrl list(int pageSize, String pageToken) {
        return collection("trainingJobs")
                .addQueryParameter("page_size", Integer.toString(pageSize))
                .addQueryParameter("page_token", pageToken)
                .build();
    }

    /** {@code GET .../trainingJobs/{name}}. */
    public HttpUrl job(String name) {
        return collection("trainingJobs").addPathSegment(nameSegment(name)).build();
    }

    /** {@code GET .../trainingJobs/{name}/workers?page_size=&page_token=} (page numbers from 1). */
    public HttpUrl workers(String name, int pageSize, int page) {
        return collection("trainingJobs")
                .addPathSegment(nameSegment(name))
                .addPathSegment("workers")
                .addQueryParameter("page_size", Integer.toString(pageSize))
                .addQueryParameter("page_token", Integer.toString(page))
                .build();
    }

    /** {@code GET .../trainingJobs/{name}/events}. */
    public HttpUrl events(String name) {
        return collection("trainingJobs")
                .addPathSegment(nameSegment(name))
                .addPathSegment("events")
                .build();
    }

    /** {@code POST .../trainingJobs:batchStop}. */
    public HttpUrl batchStop() {
        return collection("trainingJobs:batchStop").build();
    }

    /** {@code POST .../trainingJobs:batchDelete}. */
    public HttpUrl batchDelete() {
        return collection("trainingJobs:batchDelete").build();
    }

    /** {@code GET /compute/aec2/data/v1/.../zones/{poolZone}/aec2s/{pool}/resourceSpecs}. */
    public HttpUrl resourceSpecs(String poolZone, String pool) {
        return scoped("compute/aec2/data/v1", poolZone)
                .addPathSegment("aec2s")
                .addPathSegment(PathSegments.require("pool", pool))
                .addPathSegment("resourceSpecs")
                .build();
    }

    /** {@code GET /compute/workspace/data/v1/.../workspaces/{ws}/workspaceAEC2Bindings?page_size=&page_token=}. */
    public HttpUrl bindings(int pageSize, int page) {
        return scoped("compute/workspace/data/v1", zone)
                .addPathSegment("workspaces")
                .addPathSegment(workspace)
                .addPathSegment("workspaceAEC2Bindings")
                .addQueryParameter("page_size", Integer.toString(pageSize))
                .addQueryParameter("page_token", Integer.toString(page))
                .build();
    }
}
