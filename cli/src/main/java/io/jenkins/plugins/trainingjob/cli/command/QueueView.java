package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.output.EtaJson;
import io.jenkins.plugins.trainingjob.core.eta.Capacity;
import io.jenkins.plugins.trainingjob.core.eta.Eta;
import io.jenkins.plugins.trainingjob.core.eta.EtaEstimator;
import io.jenkins.plugins.trainingjob.core.eta.HistoryReader;
import io.jenkins.plugins.trainingjob.core.eta.JobsAhead;
import io.jenkins.plugins.trainingjob.core.eta.PendingJob;
import io.jenkins.plugins.trainingjob.core.eta.QueueHistory;
import io.jenkins.plugins.trainingjob.core.platform.InventoryUnreadableException;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code status --ahead} adds for a pending job: the jobs ahead of it and its ETA. The ETA reads the
 * queue's history and, where the platform serves it, the pool inventory; without one the estimate says so.
 */
record QueueView(List<JobStatus> ahead, Eta eta) {

    static QueueView read(TrainingPlatform platform, JobStatus job, String queue, Instant now) {
        List<JobStatus> ahead = JobsAhead.of(platform, job);
        QueueHistory history = new HistoryReader().read(platform, queue, QueueHistory.DEFAULT_WINDOW, now);
        int pods = Math.max(1, job.workers().size());
        PendingJob pending = new PendingJob(
                job.job().id(), pods, job.gpus() / pods, job.createdAt() != null ? job.createdAt() : now);
        Capacity capacity;
        try {
            capacity = Capacity.of(platform.inventory(queue), pending.gpusPerPod());
        } catch (InventoryUnreadableException e) {
            capacity = Capacity.unknown();
        }
        return new QueueView(ahead, EtaEstimator.estimate(history, pending, capacity, now));
    }

    /** The ETA line alone, as a plain {@code status} shows it. */
    String etaText() {
        StringBuilder sb = new StringBuilder();
        fold(sb, eta.summary(), String.format("%-9s ", "eta"));
        return sb.toString();
    }

    String text(Instant now) {
        StringBuilder sb = new StringBuilder();
        fold(sb, eta.summary(), String.format("%-9s ", "eta"));
        if (eta.known()) {
            // one sentence: which past jobs the range comes from, and the line this job finds ahead of it
            fold(sb, eta.basis(), String.format("%-9s ", "basis"));
        }
        sb.append("ahead     ")
                .append(
                        ahead.isEmpty()
                                ? "no job waits ahead in the list"
                                : ahead.size() + (ahead.size() == 1 ? " job" : " jobs")
                                        + " (the list shows no priorities)")
                .append('\n');
        for (JobStatus s : ahead) {
            sb.append(String.format(
                    "  %-28s %5s %5s  %s%n",
                    ConsoleText.strip(s.job().name(), 28),
                    s.gpus() > 0 ? s.gpus() + "g" : "-",
                    ListCommand.age(s.createdAt(), now),
                    ConsoleText.strip(s.job().id())));
        }
        return sb.toString();
    }

    /** {@code eta} of the JSON document: the range in seconds from now where there is one, and its basis. */
    Map<String, Object> etaJson() {
        return EtaJson.of(eta);
    }

    /** {@code ahead} of the JSON document, in queue order. */
    List<Map<String, Object>> aheadJson() {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (JobStatus s : ahead) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("id", s.job().id());
            r.put("name", s.job().name());
            r.put("gpus", s.gpus());
            r.put("createdAt", s.createdAt());
            r.put("queuePosition", s.queuePosition());
            rows.add(r);
        }
        return rows;
    }

    /** {@code text} folded at 100 columns, the first line after {@code label}, the others indented. */
    private static void fold(StringBuilder sb, String text, String label) {
        String indent = "          ";
        text = ConsoleText.strip(text);
        if (!label.isEmpty()) {
            int room = 100 - label.length();
            int cut = text.length() <= room ? text.length() : text.lastIndexOf(' ', room);
            cut = cut <= 0 ? Math.min(room, text.length()) : cut;
            sb.append(label).append(text, 0, cut).append('\n');
            text = text.substring(cut).stripLeading();
            if (text.isEmpty()) {
                return;
            }
        }
        while (indent.length() + text.length() > 100) {
            int cut = text.lastIndexOf(' ', 100 - indent.length());
            if (cut <= 0) {
                cut = 100 - indent.length();
            }
            sb.append(indent).append(text, 0, cut).append('\n');
            text = text.substring(cut).stripLeading();
        }
        sb.append(indent).append(text).append('\n');
    }
}
