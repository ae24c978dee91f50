package io.jenkins.plugins.trainingjob.core.snapshot;

import io.jenkins.plugins.trainingjob.core.diagnosis.JobDemand;
import io.jenkins.plugins.trainingjob.core.diagnosis.NodeRangeFolder;
import io.jenkins.plugins.trainingjob.core.diagnosis.SinceLastStart;
import io.jenkins.plugins.trainingjob.core.diagnosis.SinceLastStart.Change;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.snapshot.JobFit.Need;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.Demand;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.JobsAheadLine;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.Moment;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.NodeLine;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.QueueState;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.text.DurationText;
import io.jenkins.plugins.trainingjob.core.text.Plural;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What changed between a baseline (the snapshot of an earlier run that got its GPUs) and today's evidence
 * (a snapshot of the pending job), worded as the report's section {@link SinceLastStart}. Most important
 * first: a change that alone explains the wait (undoing it, by what was recorded, lets the job fit:
 * {@link JobFit}), then the demand, the nodes that left or became unusable with the GPUs that cost, the
 * GPUs other jobs hold, the queue's capability and state, the jobs ahead, and last the nodes it gained.
 *
 * <p>It claims only what it observed: a node missing from today's list "is not listed now" (never
 * "removed"), and only when today's list is complete; a part either side did not record is not compared
 * and the section says so; a baseline from another platform, pool or queue, or older than the limit, is
 * not compared at all. Pure: no platform call, no clock but the snapshots' own times.
 */
public final class SnapshotDiff {

    /** Baselines older than this are not compared: a pool a month on is another pool. */
    public static final Duration DEFAULT_MAX_AGE = Duration.ofDays(30);

    private static final DateTimeFormatter WHEN =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);

    /** The kinds of change in the order they are listed when none alone explains the wait. */
    private static final List<String> ORDER = List.of("demand", "nodes", "held", "queue", "ahead", "gained");

    private SnapshotDiff() {}

    /** {@link #compare(StartSnapshot, StartSnapshot, Duration)} with the default age limit (30 days). */
    public static SinceLastStart compare(StartSnapshot baseline, StartSnapshot now) {
        return compare(baseline, now, DEFAULT_MAX_AGE);
    }

    /**
     * The section comparing {@code baseline} with {@code now}.
     *
     * @param now today's evidence: a snapshot of the pending job (or of a job pre-flight refused)
     * @param maxAge baselines taken longer than this before {@code now} are not compared
     */
    static SinceLastStart compare(StartSnapshot baseline, StartSnapshot now, Duration maxAge) {
        Objects.requireNonNull(baseline, "baseline");
        Objects.requireNonNull(now, "now");
        Objects.requireNonNull(maxAge, "maxAge");
        Optional<String> why = incomparable(baseline, now, maxAge);
        if (why.isPresent()) {
            return section(baseline, false, "not compared: " + why.get(), List.of(), List.of());
        }
        return new Comparison(baseline, now).section();
    }

    /**
     * Today's evidence for {@code spec}'s job, captured now ({@link SnapshotCapture#capture}: the inventory,
     * then the jobs ahead), compared with {@code baseline} with the default age limit: the one call a front
     * end or the monitor makes when a job with a baseline is diagnosed or refused. Blocking: run it where
     * platform calls run (the monitor's call pool), never on the monitor's scheduler thread.
     *
     * @param status the pending job's status, or {@code null} at pre-flight (no job yet)
     */
    public static SinceLastStart againstNow(
            StartSnapshot baseline, TrainingPlatform platform, JobSpec spec, JobStatus status, Instant now) {
        Objects.requireNonNull(baseline, "baseline");
        return compare(baseline, SnapshotCapture.capture(platform, spec, status, now));
    }

    /**
     * The section for a baseline that could not be used at all (a file that is not a snapshot, or one written
     * by a newer release), so a front end can carry on and say why.
     *
     * @param baseline what the front end calls it ({@code build #41}, a file name)
     * @param why what is wrong with it, e.g. the message of {@link StartSnapshotJson#read}'s refusal
     */
    static SinceLastStart notCompared(String baseline, String why) {
        String label = baseline == null ? "" : baseline;
        return new SinceLastStart(
                label,
                "",
                null,
                SinceLastStart.TITLE + (label.isEmpty() ? "" : " (" + label + ")"),
                false,
                "not compared: " + why,
                List.of(),
                List.of());
    }

    private static Optional<String> incomparable(StartSnapshot baseline, StartSnapshot now, Duration maxAge) {
        String who = who(baseline);
        if (baseline.platform() != now.platform()) {
            return Optional.of(who + " ran on " + baseline.platform().displayName() + ", this job on "
                    + now.platform().displayName());
        }
        if (!baseline.pool().isEmpty()
                && !now.pool().isEmpty()
                && !baseline.pool().equals(now.pool())) {
            return Optional.of(who + " ran in " + poolWord(now.platform()) + " " + baseline.pool() + ", this job in "
                    + now.pool());
        }
        if (!baseline.queue().equals(now.queue())) {
            return Optional.of(who + " ran in " + queueWord(now.platform()) + " " + shown(baseline.queue())
                    + ", this job in " + shown(now.queue()));
        }
        Duration age = Duration.between(baseline.takenAt(), now.takenAt());
        if (age.compareTo(maxAge) > 0) {
            return Optional.of(who + "'s snapshot is " + DurationText.compact(age) + " old; snapshots older than "
                    + DurationText.compact(maxAge) + " are not compared");
        }
        return Optional.empty();
    }

    /** The section's frame: title from the baseline, the headline, the changes and notes. */
    private static SinceLastStart section(
            StartSnapshot baseline, boolean compared, String headline, List<Change> changes, List<String> notes) {
        Instant when = baseline.startedAt() != null ? baseline.startedAt() : baseline.takenAt();
        return new SinceLastStart(
                baseline.label(),
                when.toString(),
                baseline.waitedSeconds(),
                title(baseline),
                compared,
                headline,
                changes,
                notes);
    }

    /** {@code Since it last started (build #41, 2026-12-03 22:10 UTC, started after 3 min)}. */
    static String title(StartSnapshot b) {
        List<String> parts = new ArrayList<>();
        if (!b.label().isEmpty()) {
            parts.add(b.label());
        }
        parts.add(WHEN.format(b.startedAt() != null ? b.startedAt() : b.takenAt()));
        if (b.moment() == Moment.STARTED) {
            parts.add(b.waited()
                    .map(w -> "started after " + DurationText.compact(w))
                    .orElse("started"));
        } else if (b.moment() == Moment.PREFLIGHT) {
            parts.add("fit at pre-flight");
        } else {
            parts.add("still pending then");
        }
        return SinceLastStart.TITLE + " (" + String.join(", ", parts) + ")";
    }

    /** How the baseline is named in a sentence: its label, else its time. */
    private static String who(StartSnapshot b) {
        return b.label().isEmpty() ? WHEN.format(b.startedAt() != null ? b.startedAt() : b.takenAt()) : b.label();
    }

    private static String poolWord(PlatformKind p) {
        return p == PlatformKind.SENSECORE ? "workspace" : "pool";
    }

    private static String queueWord(PlatformKind p) {
        return p == PlatformKind.SENSECORE ? "pool" : "queue";
    }

    private static String shown(String name) {
        return name.isEmpty() ? "(the connection's default)" : name;
    }

    /** One comparison of two comparable snapshots. */
    private static final class Comparison {
        private final StartSnapshot then;
        private final StartSnapshot now;
        private final String who;
        private final Need needThen;
        private final Need needNow;
        private final Map<String, NodeLine> nodesThen = new LinkedHashMap<>();
        private final Map<String, NodeLine> nodesNow = new LinkedHashMap<>();
        private final List<Found> found = new ArrayList<>();
        private final List<String> notes = new ArrayList<>();
        private final Optional<Boolean> fitsNow;

        /** A change with its headline wording and its undo, for the fit model. */
        private record Found(Change change, String headline) {}

        Comparison(StartSnapshot then, StartSnapshot now) {
            this.then = then;
            this.now = now;
            this.who = who(then);
            this.needThen = Need.of(then.demand());
            this.needNow = Need.of(now.demand());
            then.nodes().forEach(n -> nodesThen.put(n.name(), n));
            now.nodes().forEach(n -> nodesNow.put(n.name(), n));
            this.fitsNow = JobFit.fits(needNow, now.queueState(), nodesNow);
        }

        SinceLastStart section() {
            demand();
            nodes();
            held();
            queue();
            ahead();
            notRead();
            List<Found> ranked = new ArrayList<>(found);
            ranked.sort(Comparator.comparing((Found f) -> !f.change().explains())
                    .thenComparing(f -> f.change().explains() ? -f.change().gpus() : 0)
                    .thenComparing(f -> ORDER.indexOf(f.change().kind()))
                    .thenComparing(f -> -f.change().gpus())
                    .thenComparing(f -> f.change().text()));
            List<Change> changes = ranked.stream().map(Found::change).toList();
            String headline;
            if (ranked.isEmpty()) {
                headline = SinceLastStart.NO_CHANGE;
            } else if (ranked.get(0).change().explains()) {
                headline = "since " + who + ", " + ranked.get(0).headline();
            } else {
                headline = "since " + who + ": " + Plural.count(ranked.size(), "change", "changes")
                        + " in what was recorded" + (fitsNow.isPresent() ? "; none alone explains the wait" : "");
            }
            if (fitsNow.orElse(false)) {
                notes.add(
                        0,
                        "By what was recorded, the job would fit now: what keeps it waiting is not in a "
                                + "snapshot (node labels and affinity, CPU and memory, priorities, quota); the diagnosis "
                                + "says what it is.");
            }
            return SnapshotDiff.section(then, true, headline, changes, notes);
        }

        /** Whether the now-world with one change undone lets the job fit, while it does not today. */
        private boolean explains(Need need, QueueState queue, Map<String, NodeLine> nodes) {
            return fitsNow.isPresent()
                    && !fitsNow.get()
                    && JobFit.fits(need, queue, nodes).orElse(false);
        }

        private void add(String kind, String text, long gpus, boolean explains, String headline) {
            found.add(new Found(new Change(kind, text, gpus, explains), headline));
        }

        // ---- the demand ----------------------------------------------------------------------------------

        private void demand() {
            Demand a = then.demand();
            Demand b = now.demand();
            List<String> parts = new ArrayList<>();
            if (a.pods() != b.pods()) {
                parts.add((now.platform() == PlatformKind.SENSECORE ? "workers " : "pods ") + a.pods() + " → "
                        + b.pods());
            }
            if (!needThen.device().equals(needNow.device()) && needThen.asksForDevices() && needNow.asksForDevices()) {
                parts.add("device " + needThen.device() + " → " + needNow.device());
            }
            Set<String> resources = new TreeSet<>(a.perPod().keySet());
            resources.addAll(b.perPod().keySet());
            for (String r : resources) {
                Double x = a.perPod().get(r);
                Double y = b.perPod().get(r);
                if (Objects.equals(x, y)) {
                    continue;
                }
                boolean device = r.equals(needNow.device()) && r.equals(needThen.device());
                if (!device && JobDemand.isAccelerator(r) && !needThen.device().equals(needNow.device())) {
                    continue; // said above as a change of device
                }
                String name = device ? "GPUs" : r;
                parts.add(name + " per pod " + (x == null ? "none" : JobDemand.amount(r, x)) + " → "
                        + (y == null ? "none" : JobDemand.amount(r, y)));
            }
            if (!a.specNames().equals(b.specNames())) {
                parts.add("specs " + String.join(", ", a.specNames()) + " → " + String.join(", ", b.specNames()));
            }
            if (!a.quotaType().equals(b.quotaType())) {
                parts.add("quota " + a.quotaType() + " → " + b.quotaType());
            }
            if (parts.isEmpty()) {
                return;
            }
            long gpus = needNow.total() - needThen.total();
            String what = String.join(", ", parts);
            String inAll = gpus == 0 ? "" : " (" + needThen.total() + " → " + gpuCount(needNow.total()) + " in all)";
            boolean explains = explains(needThen, now.queueState(), nodesNow);
            String headline = gpus > 0
                    ? "the spec asks for " + gpuCount(needNow.total()) + " instead of " + needThen.total() + " (" + what
                            + ")"
                    : "the spec changed: " + what;
            add("demand", "spec: " + what + inAll, gpus, explains, headline);
        }

        // ---- the nodes -----------------------------------------------------------------------------------

        private void nodes() {
            if (then.nodes().isEmpty() || now.nodes().isEmpty()) {
                if (!then.nodes().isEmpty() || !now.nodes().isEmpty()) {
                    notes.add("Nodes not compared: no node list was recorded "
                            + (then.nodes().isEmpty() ? "at " + who : "now") + ".");
                }
                return;
            }
            Map<String, List<String>> lost = new TreeMap<>();
            int absentUnproven = 0;
            for (NodeLine was : then.nodes()) {
                if (!was.usable()) {
                    continue;
                }
                NodeLine is = nodesNow.get(was.name());
                if (is == null) {
                    if (now.nodesComplete()) {
                        lost.computeIfAbsent("absent", k -> new ArrayList<>()).add(was.name());
                    } else {
                        absentUnproven++;
                    }
                } else if (!is.usable()) {
                    lost.computeIfAbsent(is.state(), k -> new ArrayList<>()).add(was.name());
                }
            }
            if (absentUnproven > 0) {
                notes.add(Plural.count(absentUnproven, "node", "nodes") + " usable at " + who
                        + (absentUnproven == 1 ? " is" : " are")
                        + " not in today's node list, which is incomplete: not counted as gone.");
            }
            for (Map.Entry<String, List<String>> e : lost.entrySet()) {
                lostGroup(e.getKey(), e.getValue());
            }
            gained();
        }

        private void lostGroup(String state, List<String> names) {
            long cost = 0;
            Map<String, NodeLine> undone = new LinkedHashMap<>(nodesNow);
            for (String name : names) {
                NodeLine was = nodesThen.get(name);
                cost += usable(was);
                undone.put(name, new NodeLine(name, NodeLine.READY, was.device(), was.total(), was.available(), 0));
            }
            String where = String.join(", ", NodeRangeFolder.fold(names));
            boolean one = names.size() == 1;
            String what =
                    switch (state) {
                        case "absent" -> one ? "is not listed now" : "are not listed now";
                        case NodeLine.CORDONED -> one ? "was cordoned" : "were cordoned";
                        case NodeLine.TAINTED -> one ? "was tainted" : "were tainted";
                        case NodeLine.NOT_READY -> "became NotReady";
                        default -> "became " + state;
                    };
            String text = where + " " + what + (cost > 0 ? ": " + gpuCount(cost) + " the job could use then" : "");
            add(
                    "nodes",
                    text,
                    cost,
                    explains(needNow, now.queueState(), undone),
                    where + " " + what + ": " + ofNeed(cost));
        }

        /** Nodes usable now that were not usable (or, from a complete list, not listed) then. */
        private void gained() {
            List<String> usableAgain = new ArrayList<>();
            List<String> listedNow = new ArrayList<>();
            long again = 0;
            long added = 0;
            for (NodeLine is : now.nodes()) {
                if (!is.usable()) {
                    continue;
                }
                NodeLine was = nodesThen.get(is.name());
                if (was == null && then.nodesComplete()) {
                    listedNow.add(is.name());
                    added += usable(is);
                } else if (was != null && !was.usable()) {
                    usableAgain.add(is.name());
                    again += usable(is);
                }
            }
            if (!usableAgain.isEmpty()) {
                String where = String.join(", ", NodeRangeFolder.fold(usableAgain));
                add(
                        "gained",
                        where + " became usable" + (again > 0 ? ": " + gpuCount(again) + " free" : ""),
                        -again,
                        false,
                        "");
            }
            if (!listedNow.isEmpty()) {
                String where = String.join(", ", NodeRangeFolder.fold(listedNow));
                add(
                        "gained",
                        where + (listedNow.size() == 1 ? " is" : " are") + " new in the node list"
                                + (added > 0 ? ": " + gpuCount(added) + " free" : ""),
                        -added,
                        false,
                        "");
            }
        }

        /** What a node offers today's demand: whole pods' worth of its free devices (and those the job held). */
        private long usable(NodeLine n) {
            if (!n.counted() || !needNow.asksForDevices() || !n.device().equals(needNow.device())) {
                return 0;
            }
            return needNow.usableOf(n.available());
        }

        // ---- GPUs held by other jobs ---------------------------------------------------------------------

        private void held() {
            if (then.nodes().isEmpty() || now.nodes().isEmpty()) {
                return;
            }
            String device = needNow.asksForDevices() ? needNow.device() : needThen.device();
            long heldThen = 0;
            long heldNow = 0;
            long cost = 0;
            Map<String, NodeLine> undone = new LinkedHashMap<>(nodesNow);
            for (NodeLine is : now.nodes()) {
                NodeLine was = nodesThen.get(is.name());
                if (was == null
                        || !was.counted()
                        || !is.counted()
                        || !(device.isEmpty() || is.device().equals(device))) {
                    continue;
                }
                heldThen += Math.max(0, was.total() - was.available());
                heldNow += Math.max(0, is.total() - is.available());
                if (was.usable() && is.usable() && is.available() < was.available()) {
                    cost += usable(was) - usable(is);
                    undone.put(
                            is.name(),
                            new NodeLine(is.name(), is.state(), is.device(), is.total(), was.available(), 0));
                }
            }
            if (heldThen == heldNow) {
                return;
            }
            long more = heldNow - heldThen;
            String text = "GPUs held by other jobs on the queue's nodes: " + heldThen + " → " + heldNow + " ("
                    + Math.abs(more) + (more > 0 ? " more" : " fewer") + ")";
            boolean explains = more > 0 && explains(needNow, othersAsThen(device), undone);
            String headline =
                    "other jobs hold " + more + " more GPUs on the queue's nodes: " + ofNeed(cost > 0 ? cost : more);
            add("held", text, more > 0 ? Math.max(cost, 0) : more, explains, headline);
        }

        /**
         * Today's queue with what other jobs held of it then: the jobs that now hold the nodes' GPUs count in
         * the queue's allocation too, so undoing them undoes both.
         */
        private QueueState othersAsThen(String device) {
            QueueState a = then.queueState();
            QueueState b = now.queueState();
            if (a == null || b == null) {
                return b;
            }
            Double allocatedThen = JobFit.amount(a.allocated().get(device));
            long ownThen = then.nodes().stream().mapToLong(NodeLine::job).sum();
            Map<String, String> allocated = new TreeMap<>(b.allocated());
            if (allocatedThen == null) {
                allocated.remove(device);
            } else {
                allocated.put(device, Long.toString(Math.max(0, Math.round(allocatedThen) - ownThen)));
            }
            return new QueueState(b.name(), b.state(), b.closed(), b.capability(), allocated);
        }

        // ---- the queue -----------------------------------------------------------------------------------

        private void queue() {
            QueueState a = then.queueState();
            QueueState b = now.queueState();
            String name = queueWord(now.platform()) + " " + shown(now.queue());
            if (a == null || b == null) {
                if (a != null || b != null) {
                    notes.add("The " + queueWord(now.platform()) + "'s limits not compared: not recorded "
                            + (a == null ? "at " + who : "now") + ".");
                }
                return;
            }
            if (a.closed() != b.closed() || !a.state().equals(b.state())) {
                String states = " (state " + shown(a.state()) + " → " + shown(b.state()) + ")";
                QueueState undone = new QueueState(b.name(), a.state(), a.closed(), b.capability(), b.allocated());
                if (!a.closed() && b.closed()) {
                    add(
                            "queue",
                            name + " was closed" + states,
                            needNow.total(),
                            explains(needNow, undone, nodesNow),
                            name + " was closed: it takes no jobs");
                } else if (a.closed() && !b.closed()) {
                    add("queue", name + " was reopened" + states, 0, false, "");
                } else {
                    add(
                            "queue",
                            name + "'s state: " + shown(a.state()) + " → " + shown(b.state()),
                            0,
                            explains(needNow, undone, nodesNow),
                            name + "'s state changed from " + shown(a.state()) + " to " + shown(b.state()));
                }
            }
            Set<String> keys = new TreeSet<>(a.capability().keySet());
            keys.addAll(b.capability().keySet());
            for (String key : keys) {
                String x = a.capability().get(key);
                String y = b.capability().get(key);
                if (Objects.equals(x, y)) {
                    continue;
                }
                Map<String, String> cap = new TreeMap<>(b.capability());
                if (x == null) {
                    cap.remove(key);
                } else {
                    cap.put(key, x);
                }
                QueueState undone = new QueueState(b.name(), b.state(), b.closed(), cap, b.allocated());
                Double dx = JobFit.amount(x);
                Double dy = JobFit.amount(y);
                long cut = key.equals(needNow.device()) && dx != null && dy != null ? Math.round(dx - dy) : 0;
                String from = x == null ? "unlimited" : x;
                String to = y == null ? "unlimited" : y;
                String text = name + "'s capability of " + key + ": " + from + " → " + to;
                String headline = name + "'s capability of " + key + " was " + (cut > 0 ? "cut" : "changed") + " from "
                        + from + " to " + to + (needNow.asksForDevices() ? ": the job needs " + needNow.total() : "");
                add("queue", text, cut, explains(needNow, undone, nodesNow), headline);
            }
        }

        // ---- the jobs ahead ------------------------------------------------------------------------------

        private void ahead() {
            JobsAheadLine a = then.jobsAhead();
            JobsAheadLine b = now.jobsAhead();
            if (a == null || b == null) {
                return; // said by notRead()
            }
            if (a.count() == b.count() && a.gpus() == b.gpus()) {
                return;
            }
            StringBuilder text = new StringBuilder("jobs ahead: ")
                    .append(a.count())
                    .append(" → ")
                    .append(b.count());
            if (b.gpus() > 0 || a.gpus() > 0) {
                text.append(" (")
                        .append(a.gpus())
                        .append(" → ")
                        .append(gpuCount(b.gpus()))
                        .append(')');
            }
            if (!b.top().isEmpty()) {
                text.append(": ").append(String.join(", ", b.top()));
                if (b.count() > b.top().size()) {
                    text.append(", … and ").append(b.count() - b.top().size()).append(" more");
                }
            }
            add("ahead", text.toString(), b.gpus() - a.gpus(), false, "");
        }

        /** What either side could not read, so nothing is claimed about it. */
        private void notRead() {
            then.notRead().forEach(n -> notes.add("Not read at " + who + ": " + n + "."));
            now.notRead().forEach(n -> notes.add("Not read now: " + n + "."));
        }

        /** {@code 16 of the 24 GPUs this job needs}, or more than it needs. */
        private String ofNeed(long gpus) {
            long need = needNow.total();
            if (need <= 0) {
                return gpuCount(gpus);
            }
            return gpus <= need
                    ? gpus + " of the " + gpuCount(need) + " this job needs"
                    : gpuCount(gpus) + "; this job needs " + need;
        }
    }

    static String gpuCount(long n) {
        return Plural.count(n, "GPU", "GPUs");
    }
}
