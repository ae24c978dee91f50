package io.jenkins.plugins.trainingjob.simulator;

import io.jenkins.plugins.trainingjob.core.platform.StatusPage;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import java.util.ArrayList;
import java.util.List;

/** Lists every job through a client page by page, following the page tokens to the end. */
final class ListedPages {
    private ListedPages() {}

    /** The job ids of each page, in the order the platform answered. */
    static List<List<String>> of(TrainingPlatform client, int pageSize) {
        List<List<String>> pages = new ArrayList<>();
        String token = null;
        do {
            StatusPage page = client.listStatuses(token, pageSize);
            pages.add(page.jobs().stream().map(s -> s.job().id()).toList());
            token = page.nextPageToken();
        } while (token != null);
        return pages;
    }
}
