/*
 * Mirrors jenkinsci/okhttp-api-plugin src/main/java/io/jenkins/plugins/okhttp/api/JenkinsOkHttpClient.java
 * at edb720acf1f8. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package io.jenkins.plugins.okhttp.api;

import jenkins.model.Jenkins;
import okhttp3.OkHttpClient;

public class JenkinsOkHttpClient {
    private JenkinsOkHttpClient() {}

    public static OkHttpClient.Builder newClientBuilder(OkHttpClient httpClient) {
        Jenkins.get(); // upstream reads Jenkins.get().proxy first, which throws without a controller
        throw new UnsupportedOperationException("stub");
    }
}
