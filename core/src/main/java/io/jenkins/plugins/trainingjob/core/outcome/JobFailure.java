package io.jenkins.plugins.trainingjob.core.outcome;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why a job failed, as far as the platform says: its reason (job or failed workers), the exit code of
 * the failing worker where an event names one, and the last few events. Decided once here so the CLI and
 * the Jenkins log say the same thing. All strings are remote data.
 *
 * @param exitCode the failing worker's exit code, {@code null} when the platform did not say
 * @param lastEvents at most {@value #MAX_EVENTS} events, oldest first
 */
public record JobFailure(String reason, Integer exitCode, String worker, List<JobEvent> lastEvents) {

    static final int MAX_EVENTS = 3;
    /**
     * Kubeflow's training operator reports {@code Pod: ns.name exited with code 3} ({@code ExitedWithCode})
     * and job-level messages such as {@code ... master exited with code 3}; some platforms write
     * {@code exitCode: 3}.
     */
    private static final Pattern EXIT_CODE =
            Pattern.compile("(?i)(?:exited with code|exit ?code[=:]?|exit status)\\s*(-?\\d{1,4})");

    private static final Pattern POD = Pattern.compile("(?i)pod:?\\s+(?:[\\w.-]+\\.)?([\\w-]+)\\s+exited");

    public JobFailure {
        reason = reason == null ? "" : reason;
        worker = worker == null ? "" : worker;
        lastEvents = lastEvents == null ? List.of() : List.copyOf(lastEvents);
    }

    public static JobFailure none() {
        return new JobFailure("", null, "", List.of());
    }

    /** The failure of {@code status}, read from the status and the job's events (any order). */
    public static JobFailure of(JobStatus status, List<JobEvent> events) {
        Set<String> reasons = new LinkedHashSet<>();
        if (status != null && !status.reason().isBlank()) {
            reasons.add(status.reason().strip());
        }
        String failedWorker = "";
        if (status != null) {
            for (WorkerStatus w : status.workers()) {
                if (w.phase().equalsIgnoreCase("Failed")) {
                    failedWorker = failedWorker.isEmpty() ? w.name() : failedWorker;
                    if (!w.reason().isBlank()) {
                        reasons.add(w.reason().strip());
                    }
                }
            }
        }
        List<JobEvent> sorted = new ArrayList<>(events == null ? List.of() : events);
        sorted.sort(Comparator.comparing(JobFailure::when, Comparator.nullsFirst(Comparator.naturalOrder())));
        Integer exitCode = null;
        for (JobEvent e : sorted) {
            Matcher m = EXIT_CODE.matcher(e.message());
            if (m.find()) {
                // The latest event that names a code wins: a restarted worker's last exit is what ended it.
                exitCode = Integer.valueOf(m.group(1));
                Matcher pod = POD.matcher(e.message());
                if (pod.find()) {
                    failedWorker = pod.group(1);
                }
            }
        }
        List<JobEvent> last = sorted.subList(Math.max(0, sorted.size() - MAX_EVENTS), sorted.size());
        return new JobFailure(String.join("; ", reasons), exitCode, failedWorker, last);
    }

    private static Instant when(JobEvent e) {
        return e.lastSeen() != null ? e.lastSeen() : e.firstSeen();
    }

    /**
     * The failure as every result document gives it (the CLI's JSON {@code failure}, the steps' return map
     * {@code failure}): {@code reason}, {@code worker} and {@code exitCode} only when the platform said them
     * (an absent key means "not known", never {@code ""}), and {@code events}, the last events oldest first,
     * each {@code type}, {@code reason}, {@code message}, {@code count} and, when known, {@code firstSeen} and
     * {@code lastSeen} (ISO-8601). Strings are remote data as read: a front end whose medium needs it strips
     * them in its one adapter.
     */
    public Map<String, Object> toDocument() {
        Map<String, Object> doc = new LinkedHashMap<>();
        if (!reason.isEmpty()) {
            doc.put("reason", reason);
        }
        if (!worker.isEmpty()) {
            doc.put("worker", worker);
        }
        if (exitCode != null) {
            doc.put("exitCode", exitCode);
        }
        doc.put("events", lastEvents.stream().map(JobFailure::eventDocument).toList());
        return doc;
    }

    private static Map<String, Object> eventDocument(JobEvent e) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("type", e.type());
        doc.put("reason", e.reason());
        doc.put("message", e.message());
        doc.put("count", e.count());
        if (e.firstSeen() != null) {
            doc.put("firstSeen", e.firstSeen().toString());
        }
        if (e.lastSeen() != null) {
            doc.put("lastSeen", e.lastSeen().toString());
        }
        return doc;
    }

    /** Whether the platform said nothing about the failure. Not a JSON field: a reader sees the fields. */
    @JsonIgnore
    public boolean isEmpty() {
        return reason.isEmpty() && exitCode == null && lastEvents.isEmpty();
    }
}
