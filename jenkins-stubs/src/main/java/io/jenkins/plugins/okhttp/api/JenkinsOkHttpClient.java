/*
 * Mirrors jenkinsci/okhttp-api-plugin src/main/java/io/jenkins/plugins/okhttp/api/JenkinsOkHttpClient.java
 * at edb720acf1f8. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package io.jenkins.plugins.okhttp.api;

import okhttp3.OkHttpClient;

public class JenkinsOkHttpClient {
    private JenkinsOkHttpClient() {}

    /**
     * Upstream returns {@code httpClient.newBuilder()} with a proxy selector and a proxy authenticator that
     * read {@code Jenkins.get().getProxy()} when a connection is made or a proxy answers 407, so only those
     * fail without a controller. This stub is stricter: it fails at once.
     */
    public static OkHttpClient.Builder newClientBuilder(OkHttpClient httpClient) {
        throw new UnsupportedOperationException("stub");
    }
}
