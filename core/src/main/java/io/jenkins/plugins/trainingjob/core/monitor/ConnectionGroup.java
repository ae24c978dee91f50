package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.PlatformException;
import io.jenkins.plugins.trainingjob.core.platform.StatusPage;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The watches of one connection, refreshed together. Watches whose poll is due queue here; one refresh
 * per connection runs at a time and takes every due watch. From {@link MonitorSettings#listThreshold()}
 * watches on, a refresh reads the job list (newest first) until it has seen every due job, so calls grow
 * with pages, not jobs; the statuses it sees of watches not yet due refresh them too, which keeps a
 * large group polling in rounds. Confined to the scheduler thread, except {@link #read} and
 * {@link #platform()}.
 *
 * <p>The client is asked of the {@link PlatformResolver} for every call, on the call thread: a connection
 * changed or re-keyed while jobs are watched is used from their next poll on. A group that loses its last
 * watch tells the monitor, which forgets it, so per-build connections leave nothing behind.
 */
final class ConnectionGroup {
    private final MonitorRuntime runtime;
    private final String connectionId;
    private final PlatformResolver platforms;
    private final PlatformKind kind;
    private final Runnable onEmpty;
    private final Set<ActiveWatch> members = new LinkedHashSet<>();
    private final Set<ActiveWatch> due = new LinkedHashSet<>();
    private static final Duration ROUND_GATHERING = Duration.ofMillis(20);

    private boolean refreshing;
    private boolean roundArmed;
    /** The client of the last round's read, kept for questions about the statuses it answered. */
    private volatile TrainingPlatform lastRead;

    ConnectionGroup(
            MonitorRuntime runtime,
            String connectionId,
            PlatformResolver platforms,
            PlatformKind kind,
            Runnable onEmpty) {
        this.runtime = runtime;
        this.connectionId = connectionId;
        this.platforms = platforms;
        this.kind = kind;
        this.onEmpty = onEmpty;
    }

    /** The connection's current client; on a call thread (resolving may look credentials up). */
    TrainingPlatform platform() {
        TrainingPlatform platform = platforms.resolve(connectionId);
        if (platform == null) {
            throw new IllegalArgumentException("connection '" + connectionId + "' is not configured");
        }
        return platform;
    }

    PlatformKind kind() {
        return kind;
    }

    /**
     * Whether a FAILED status must be read again before a wait ends on it, asked of the client that read it;
     * never resolves a client, so it is safe on the scheduler thread.
     */
    boolean failureNeedsConfirmation(JobStatus status) {
        TrainingPlatform client = lastRead;
        return client != null && client.failureNeedsConfirmation(status);
    }

    /** Whether refreshes read the job list (enough watches share the connection). */
    boolean lists() {
        return members.size() >= runtime.settings().listThreshold();
    }

    void add(ActiveWatch watch) {
        members.add(watch);
    }

    void remove(ActiveWatch watch) {
        boolean removed = members.remove(watch);
        due.remove(watch);
        if (removed && members.isEmpty()) {
            onEmpty.run();
        }
    }

    /**
     * The watch's poll is due: refresh it with the next round. A listed group waits a moment before it
     * starts a round, so that watches falling due together share it instead of starting one each.
     */
    void markDue(ActiveWatch watch) {
        if (members.contains(watch)) {
            due.add(watch);
            if (lists() && !refreshing) {
                armRound();
            } else {
                pump();
            }
        }
    }

    private void armRound() {
        if (!roundArmed) {
            roundArmed = runtime.schedule(
                            () -> {
                                roundArmed = false;
                                pump();
                            },
                            ROUND_GATHERING)
                    != null;
        }
    }

    private void pump() {
        if (refreshing || due.isEmpty()) {
            return;
        }
        List<ActiveWatch> batch = new ArrayList<>(due);
        due.clear();
        refreshing = true;
        boolean useList = lists();
        Map<String, JobRef> wanted = new LinkedHashMap<>();
        for (ActiveWatch w : batch) {
            wanted.putIfAbsent(w.job().id(), w.job());
        }
        runtime.offload(() -> read(wanted, useList), result -> apply(batch, result));
    }

    /** On a call thread: the list pages needed to see every wanted job, then a status call for the rest. */
    private Refresh read(Map<String, JobRef> wanted, boolean useList) {
        CallResult<TrainingPlatform> resolved = CallResult.of(kind, "open connection", this::platform);
        if (!resolved.ok()) {
            return new Refresh(Map.of(), Map.of(), resolved.error());
        }
        TrainingPlatform platform = resolved.value();
        lastRead = platform;
        Map<String, JobStatus> listed = new HashMap<>();
        if (useList) {
            Set<String> missing = new HashSet<>(wanted.keySet());
            String token = null;
            int pages = 0;
            do {
                String pageToken = token;
                CallResult<StatusPage> page = CallResult.of(
                        platform.kind(),
                        "list jobs",
                        () -> platform.listStatuses(
                                pageToken, runtime.settings().listPageSize()));
                if (!page.ok()) {
                    return new Refresh(listed, Map.of(), page.error());
                }
                pages++;
                for (JobStatus s : page.value().jobs()) {
                    listed.put(s.job().id(), s);
                    missing.remove(s.job().id());
                }
                token = page.value().nextPageToken();
            } while (!missing.isEmpty()
                    && token != null
                    && pages < runtime.settings().maxListPages());
        }
        Map<String, CallResult<JobStatus>> direct = new HashMap<>();
        for (JobRef job : wanted.values()) {
            if (!listed.containsKey(job.id())) {
                direct.put(job.id(), CallResult.of(platform.kind(), "job status", () -> platform.status(job)));
            }
        }
        return new Refresh(listed, direct, null);
    }

    private void apply(List<ActiveWatch> batch, Refresh refresh) {
        refreshing = false;
        for (ActiveWatch w : batch) {
            String id = w.job().id();
            if (refresh.listError() != null) {
                w.onStatus(CallResult.failed(refresh.listError()));
            } else if (refresh.listed().containsKey(id)) {
                w.onStatus(new CallResult<>(refresh.listed().get(id), null));
            } else {
                w.onStatus(refresh.direct().get(id));
            }
        }
        if (!refresh.listed().isEmpty()) {
            Set<ActiveWatch> inBatch = new HashSet<>(batch);
            for (ActiveWatch w : new ArrayList<>(members)) {
                JobStatus seen = refresh.listed().get(w.job().id());
                if (seen == null || inBatch.contains(w)) {
                    continue;
                }
                if (due.remove(w) || w.takeOverForRefresh()) {
                    w.onStatus(new CallResult<>(seen, null));
                }
            }
        }
        pump();
    }

    /** One round's answers: statuses seen in list pages, status calls for the others, or the list's failure. */
    private record Refresh(
            Map<String, JobStatus> listed, Map<String, CallResult<JobStatus>> direct, PlatformException listError) {}
}
