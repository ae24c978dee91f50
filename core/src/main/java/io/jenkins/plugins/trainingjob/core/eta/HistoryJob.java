package io.jenkins.plugins.trainingjob.core.eta;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * One job of a queue's history, as a list call shows it: when it was created, when its pods first all had
 * nodes (or {@code null}: still waiting), when it ended (or {@code null}: not yet), and how many GPUs it
 * asked for in all ({@code 0} when the list does not say, e.g. SenseCore lists).
 */
public record HistoryJob(String id, int gpus, Instant createdAt, Instant startedAt, Instant finishedAt) {

    public HistoryJob {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(createdAt, "createdAt");
        if (gpus < 0) {
            throw new IllegalArgumentException("gpus must not be negative, was " + gpus);
        }
        if (startedAt != null && startedAt.isBefore(createdAt)) {
            // Clocks of a platform's components disagree by seconds; a start before the create is a start at it.
            startedAt = createdAt;
        }
        if (finishedAt != null && startedAt != null && finishedAt.isBefore(startedAt)) {
            finishedAt = startedAt;
        }
    }

    public boolean started() {
        return startedAt != null;
    }

    public boolean finished() {
        return finishedAt != null;
    }

    /** Created to first start; only for a started job. */
    public Duration waited() {
        return Duration.between(createdAt, startedAt);
    }

    /** Start to end; only for a finished job that started. */
    public Duration ran() {
        return Duration.between(startedAt, finishedAt);
    }

    /** This job as someone would have seen it at {@code t}: starts and ends after {@code t} not yet known. */
    public HistoryJob seenAt(Instant t) {
        Instant s = startedAt != null && !startedAt.isAfter(t) ? startedAt : null;
        Instant f = s != null && finishedAt != null && !finishedAt.isAfter(t) ? finishedAt : null;
        return s == startedAt && f == finishedAt ? this : new HistoryJob(id, gpus, createdAt, s, f);
    }

    public SizeClass sizeClass() {
        return SizeClass.of(gpus);
    }
}
