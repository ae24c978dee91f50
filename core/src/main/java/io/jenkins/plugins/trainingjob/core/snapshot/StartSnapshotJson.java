package io.jenkins.plugins.trainingjob.core.snapshot;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.Demand;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.JobsAheadLine;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.Moment;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.NodeLine;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.QueueState;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A {@link StartSnapshot} as versioned JSON, the form front ends keep (the CLI's {@code --snapshot-file},
 * a Jenkins build's action): one field per line, the queue's nodes one short row each under
 * {@code nodeColumns}, so a file diffs and greps well and a 5,000-node queue stays a few hundred KB.
 *
 * <p>{@code version} comes first. A release reads every version up to {@link #VERSION} and ignores fields it
 * does not know (a later minor addition); a newer version, a file that is not JSON or not a snapshot, or a
 * field of the wrong shape is refused with an {@link InvalidInputException} that names the file (or
 * whatever the caller calls the source) and the field, never a stack trace.
 */
public final class StartSnapshotJson {

    /** The version this release writes, and the newest it reads. */
    static final int VERSION = 1;

    /** Largest file read: far beyond a 20,000-node queue (about 1.5 MB). */
    static final long MAX_BYTES = 16L * 1024 * 1024;

    static final List<String> NODE_COLUMNS = List.of("name", "state", "device", "total", "free", "job");

    private static final ObjectMapper MAPPER = JsonMapper.builder().build();

    private StartSnapshotJson() {}

    /** The snapshot as JSON, ending in a newline. */
    public static String write(StartSnapshot s) {
        StringBuilder b = new StringBuilder(256 + 64 * s.nodes().size());
        b.append("{\n");
        field(b, "version", VERSION);
        field(b, "label", s.label());
        field(b, "moment", s.moment().name().toLowerCase(Locale.ROOT));
        field(b, "takenAt", s.takenAt().toString());
        if (s.startedAt() != null) {
            field(b, "startedAt", s.startedAt().toString());
        }
        if (s.waitedSeconds() != null) {
            field(b, "waitedSeconds", s.waitedSeconds());
        }
        field(b, "platform", s.platform().id());
        field(b, "pool", s.pool());
        field(b, "queue", s.queue());
        field(b, "jobId", s.jobId());
        field(b, "jobName", s.jobName());
        Map<String, Object> demand = new LinkedHashMap<>();
        demand.put("name", s.demand().name());
        demand.put("pods", s.demand().pods());
        Map<String, Object> perPod = new LinkedHashMap<>();
        s.demand().perPod().forEach((k, v) -> perPod.put(k, number(v)));
        demand.put("perPod", perPod);
        demand.put("specNames", s.demand().specNames());
        demand.put("quotaType", s.demand().quotaType());
        field(b, "demand", demand);
        if (s.queueState() != null) {
            QueueState q = s.queueState();
            Map<String, Object> queue = new LinkedHashMap<>();
            queue.put("name", q.name());
            queue.put("state", q.state());
            queue.put("closed", q.closed());
            queue.put("capability", q.capability());
            queue.put("allocated", q.allocated());
            field(b, "queueState", queue);
        }
        if (s.jobsAhead() != null) {
            Map<String, Object> ahead = new LinkedHashMap<>();
            ahead.put("count", s.jobsAhead().count());
            ahead.put("gpus", s.jobsAhead().gpus());
            ahead.put("top", s.jobsAhead().top());
            field(b, "jobsAhead", ahead);
        }
        field(b, "notRead", s.notRead());
        field(b, "nodesComplete", s.nodesComplete());
        field(b, "nodeColumns", NODE_COLUMNS);
        b.append("  \"nodes\": [");
        for (int i = 0; i < s.nodes().size(); i++) {
            // by hand: a row per node is the bulk of the file, and a mapper call per row costs more than the rest
            NodeLine n = s.nodes().get(i);
            b.append(i == 0 ? "\n    [" : ",\n    [");
            quote(b, n.name()).append(',');
            quote(b, n.state()).append(',');
            quote(b, n.device()).append(',');
            b.append(n.total())
                    .append(',')
                    .append(n.free())
                    .append(',')
                    .append(n.job())
                    .append(']');
        }
        b.append(s.nodes().isEmpty() ? "]\n" : "\n  ]\n");
        return b.append("}\n").toString();
    }

    /**
     * Writes the snapshot to {@code file} whole or not at all (a temporary file beside it, then moved over
     * it), so a CI cache never keeps half a snapshot.
     *
     * @throws IOException when the file cannot be written
     */
    public static void write(Path file, StartSnapshot s) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir == null) {
            throw new IOException(file + ": not a file's path");
        }
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, ".snapshot-", ".tmp");
        try {
            Files.writeString(tmp, write(s), StandardCharsets.UTF_8);
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /**
     * Reads the snapshot in {@code file}.
     *
     * @throws InvalidInputException naming the file: missing, unreadable, too large, not a snapshot, or
     *     written by a newer release
     */
    public static StartSnapshot read(Path file) {
        String source = file.toString();
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw InvalidInputException.of(
                        source, "larger than " + MAX_BYTES / (1024 * 1024) + " MB, so not a start snapshot");
            }
            return read(Files.readString(file, StandardCharsets.UTF_8), source);
        } catch (NoSuchFileException e) {
            throw InvalidInputException.of(source, "no such file");
        } catch (java.nio.charset.MalformedInputException e) {
            throw InvalidInputException.of(source, "not a start snapshot: not UTF-8 text");
        } catch (IOException e) {
            throw InvalidInputException.of(source, "cannot be read: " + e.getMessage());
        }
    }

    /**
     * Reads a snapshot written by {@link #write(StartSnapshot)} by this or an earlier release.
     *
     * @param source what to call it in a message: the file, or e.g. {@code build #41's start snapshot}
     * @throws InvalidInputException naming {@code source} and what is wrong
     */
    public static StartSnapshot read(String json, String source) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json == null ? "" : json);
        } catch (JsonProcessingException e) {
            throw InvalidInputException.of(
                    source, "not a start snapshot: not a JSON document (" + e.getOriginalMessage() + ")");
        }
        if (root == null || !root.isObject()) {
            throw InvalidInputException.of(source, "not a start snapshot: not a JSON object");
        }
        JsonNode version = root.get("version");
        if (version == null || !version.canConvertToInt() || !version.isIntegralNumber()) {
            throw InvalidInputException.of(source, "not a start snapshot: 'version' is missing or not a whole number");
        }
        int v = version.asInt();
        if (v > VERSION) {
            throw InvalidInputException.of(
                    source,
                    "written by a newer release (start snapshot version " + v + "; this release reads "
                            + (VERSION == 1 ? "version 1" : "versions 1 to " + VERSION)
                            + "): upgrade, or take a new snapshot");
        }
        if (v < 1) {
            throw InvalidInputException.of(source, "not a start snapshot: 'version' " + v + " does not exist");
        }
        return new Reader(source).snapshot(root);
    }

    /** Reads one document's fields, naming the field in what it refuses. */
    private record Reader(String source) {

        StartSnapshot snapshot(JsonNode root) {
            JsonNode demand = object(root, "demand", true);
            JsonNode queue = object(root, "queueState", false);
            JsonNode ahead = object(root, "jobsAhead", false);
            return new StartSnapshot(
                    text(root, "label"),
                    moment(root),
                    instant(root, "takenAt", true),
                    instant(root, "startedAt", false),
                    root.hasNonNull("waitedSeconds") ? whole(root, "waitedSeconds") : null,
                    platform(root),
                    text(root, "pool"),
                    text(root, "queue"),
                    text(root, "jobId"),
                    text(root, "jobName"),
                    new Demand(
                            text(demand, "name"),
                            (int) whole(demand, "pods"),
                            numbers(demand, "perPod"),
                            texts(demand, "specNames"),
                            text(demand, "quotaType")),
                    queue == null
                            ? null
                            : new QueueState(
                                    text(queue, "name"),
                                    text(queue, "state"),
                                    queue.path("closed").asBoolean(false),
                                    strings(queue, "capability"),
                                    strings(queue, "allocated")),
                    nodes(root),
                    root.path("nodesComplete").asBoolean(false),
                    ahead == null
                            ? null
                            : new JobsAheadLine((int) whole(ahead, "count"), whole(ahead, "gpus"), texts(ahead, "top")),
                    texts(root, "notRead"));
        }

        private List<NodeLine> nodes(JsonNode root) {
            JsonNode nodes = root.get("nodes");
            if (nodes == null || nodes.isNull()) {
                return List.of();
            }
            if (!nodes.isArray()) {
                throw wrong("nodes", "must be a list of rows");
            }
            List<String> columns = root.has("nodeColumns") ? texts(root, "nodeColumns") : NODE_COLUMNS;
            int name = columns.indexOf("name");
            if (name < 0) {
                throw wrong("nodeColumns", "must name the column 'name'");
            }
            List<NodeLine> out = new ArrayList<>(Math.min(nodes.size(), StartSnapshot.MAX_NODES));
            for (int i = 0; i < nodes.size() && out.size() < StartSnapshot.MAX_NODES; i++) {
                JsonNode row = nodes.get(i);
                String field = "nodes[" + i + "]";
                if (!row.isArray() || row.size() < columns.size()) {
                    throw wrong(
                            field,
                            "must be a row of " + columns.size() + " values (" + String.join(", ", columns) + ")");
                }
                out.add(new NodeLine(
                        cell(row, columns, "name", field).asText(""),
                        cell(row, columns, "state", field).asText(""),
                        cell(row, columns, "device", field).asText(""),
                        count(cell(row, columns, "total", field), field + ".total"),
                        count(cell(row, columns, "free", field), field + ".free"),
                        count(cell(row, columns, "job", field), field + ".job")));
            }
            return out;
        }

        private JsonNode cell(JsonNode row, List<String> columns, String column, String field) {
            int at = columns.indexOf(column);
            return at < 0 ? com.fasterxml.jackson.databind.node.MissingNode.getInstance() : row.get(at);
        }

        private long count(JsonNode n, String field) {
            if (n.isMissingNode() || n.isNull()) {
                return column(field).equals("job") ? 0 : -1;
            }
            if (!n.isIntegralNumber()) {
                throw wrong(field, "must be a whole number");
            }
            return n.asLong();
        }

        private static String column(String field) {
            return field.substring(field.lastIndexOf('.') + 1);
        }

        private Moment moment(JsonNode root) {
            String m = text(root, "moment");
            for (Moment value : Moment.values()) {
                if (value.name().equalsIgnoreCase(m)) {
                    return value;
                }
            }
            throw wrong("moment", "must be started, preflight or pending, was '" + m + "'");
        }

        private PlatformKind platform(JsonNode root) {
            String p = text(root, "platform");
            try {
                return PlatformKind.fromId(p);
            } catch (InvalidInputException e) {
                throw wrong("platform", "must be aihc or sensecore, was '" + p + "'");
            }
        }

        private Instant instant(JsonNode node, String field, boolean required) {
            JsonNode v = node.get(field);
            if (v == null || v.isNull()) {
                if (required) {
                    throw wrong(field, "is missing");
                }
                return null;
            }
            try {
                return Instant.parse(v.asText());
            } catch (DateTimeParseException e) {
                throw wrong(field, "must be an ISO-8601 instant such as 2026-12-03T22:10:00Z");
            }
        }

        private JsonNode object(JsonNode node, String field, boolean required) {
            JsonNode v = node.get(field);
            if (v == null || v.isNull()) {
                if (required) {
                    throw wrong(field, "is missing");
                }
                return null;
            }
            if (!v.isObject()) {
                throw wrong(field, "must be an object");
            }
            return v;
        }

        private String text(JsonNode node, String field) {
            JsonNode v = node.get(field);
            if (v == null || v.isNull()) {
                return "";
            }
            if (!v.isValueNode()) {
                throw wrong(field, "must be text");
            }
            return v.asText();
        }

        private long whole(JsonNode node, String field) {
            JsonNode v = node.get(field);
            if (v == null || !v.isIntegralNumber()) {
                throw wrong(field, "must be a whole number");
            }
            return v.asLong();
        }

        private List<String> texts(JsonNode node, String field) {
            JsonNode v = node.get(field);
            if (v == null || v.isNull()) {
                return List.of();
            }
            if (!v.isArray()) {
                throw wrong(field, "must be a list of text");
            }
            List<String> out = new ArrayList<>();
            v.forEach(e -> out.add(e.asText()));
            return out;
        }

        private Map<String, Double> numbers(JsonNode node, String field) {
            JsonNode v = node.get(field);
            Map<String, Double> out = new TreeMap<>();
            if (v == null || v.isNull()) {
                return out;
            }
            if (!v.isObject()) {
                throw wrong(field, "must be an object of numbers");
            }
            v.fields().forEachRemaining(e -> {
                if (!e.getValue().isNumber()) {
                    throw wrong(field + "." + e.getKey(), "must be a number");
                }
                out.put(e.getKey(), e.getValue().asDouble());
            });
            return out;
        }

        private Map<String, String> strings(JsonNode node, String field) {
            JsonNode v = node.get(field);
            Map<String, String> out = new TreeMap<>();
            if (v == null || v.isNull()) {
                return out;
            }
            if (!v.isObject()) {
                throw wrong(field, "must be an object");
            }
            v.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
            return out;
        }

        private InvalidInputException wrong(String field, String rule) {
            return InvalidInputException.of(source, "not a valid start snapshot: '" + field + "' " + rule);
        }
    }

    /** {@code s} as a JSON string: quotes, backslashes and control characters escaped, as the mapper does. */
    static StringBuilder quote(StringBuilder b, String s) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format(Locale.ROOT, "\\u%04X", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"');
    }

    private static void field(StringBuilder b, String name, Object value) {
        b.append("  ").append(json(name)).append(": ").append(json(value)).append(",\n");
    }

    /** A whole amount as a whole number ({@code 8}, not {@code 8.0}). */
    private static Object number(double v) {
        long whole = Math.round(v);
        return Math.abs(v - whole) < 1e-9 && Math.abs(v) < 1e15 ? (Object) whole : (Object) v;
    }

    private static String json(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a start snapshot: " + e.getOriginalMessage(), e);
        }
    }
}
