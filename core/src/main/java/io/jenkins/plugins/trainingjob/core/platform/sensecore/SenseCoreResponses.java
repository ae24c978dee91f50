package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import com.fasterxml.jackson.databind.JsonNode;
import io.jenkins.plugins.trainingjob.core.platform.JobEvent;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence.PoolBinding;
import io.jenkins.plugins.trainingjob.core.platform.SenseCoreEvidence.ResourceSpec;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the list-shaped SenseCore answers (workers, events, resource specs, pool bindings) into core
 * values. Lenient like {@link TrainingJobDocument}: entries are kept even when fields are missing.
 */
final class SenseCoreResponses {

    private SenseCoreResponses() {}

    /** {@code {workers: [{name, node_name, phase, ...}], total_size}}. */
    static List<WorkerStatus> workers(JsonNode page) {
        List<WorkerStatus> workers = new ArrayList<>();
        for (JsonNode w : WireValues.array(page, "workers")) {
            workers.add(new WorkerStatus(
                    WireValues.text(w, "name"), WireValues.text(w, "node_name"), WireValues.text(w, "phase"), ""));
        }
        return workers;
    }

    /** {@code total_size} of a paged answer, or {@code -1}. */
    static long totalSize(JsonNode page) {
        return WireValues.count(page, "total_size");
    }

    /**
     * The events endpoint is undocumented; this reads Kubernetes-like records
     * {@code {events: [{type, reason, message, first_timestamp, last_timestamp, count}]}} and accepts the
     * camel-case and {@code *_time} spellings of the same fields.
     */
    static List<JobEvent> events(JsonNode body) {
        JsonNode list = WireValues.path(body, "events");
        if (!list.isArray()) {
            list = WireValues.path(body, "items");
        }
        List<JobEvent> events = new ArrayList<>();
        if (!list.isArray()) {
            return events;
        }
        for (JsonNode e : list) {
            long count = WireValues.count(e, "count");
            events.add(new JobEvent(
                    WireValues.text(e, "type"),
                    WireValues.text(e, "reason"),
                    WireValues.text(e, "message"),
                    WireValues.time(e, "first_timestamp", "firstTimestamp", "first_time", "create_time"),
                    WireValues.time(e, "last_timestamp", "lastTimestamp", "last_time", "event_time", "update_time"),
                    count < 0 ? 1 : (int) Math.min(count, Integer.MAX_VALUE)));
        }
        return events;
    }

    /**
     * {@code {resource_specs: [{name, device{number, resource_key}, cpu{vcpu_allocatable},
     * memory{allocatable}, zones}]}}.
     */
    static List<ResourceSpec> resourceSpecs(JsonNode body) {
        List<ResourceSpec> specs = new ArrayList<>();
        for (JsonNode s : WireValues.array(body, "resource_specs")) {
            JsonNode device = WireValues.path(s, "device");
            long devices = WireValues.count(device, "number");
            List<String> zones = new ArrayList<>();
            for (JsonNode z : WireValues.array(s, "zones")) {
                if (z.isTextual()) {
                    zones.add(z.asText());
                }
            }
            specs.add(new ResourceSpec(
                    WireValues.text(s, "name"),
                    devices < 0 ? -1 : (int) Math.min(devices, Integer.MAX_VALUE),
                    WireValues.text(device, "resource_key"),
                    orMinusOne(WireValues.number(WireValues.path(s, "cpu"), "vcpu_allocatable")),
                    orMinusOne(WireValues.number(WireValues.path(s, "memory"), "allocatable")),
                    zones));
        }
        return specs;
    }

    /** One binding of {@code {aec2s: [...]}} with the pool zone parsed from its id. */
    record Binding(PoolBinding binding, String poolZone) {}

    /**
     * {@code {aec2s: [{id: "/subscriptions/../zones/{pool_zone}/aec2s/{name}", name, state, quota_type,
     * reserved_number, reserved_cpu, reserved_memory, spot_status[].spot_quota.device}]}}.
     */
    static List<Binding> bindings(JsonNode body) {
        List<Binding> bindings = new ArrayList<>();
        for (JsonNode b : WireValues.array(body, "aec2s")) {
            String id = WireValues.text(b, "id");
            String name = WireValues.text(b, "name");
            if (name.isEmpty()) {
                name = segmentAfter(id, "aec2s");
            }
            long spot = -1;
            for (JsonNode s : WireValues.array(b, "spot_status")) {
                long d = WireValues.count(WireValues.path(s, "spot_quota"), "device");
                if (d >= 0) {
                    spot = Math.max(spot, 0) + d;
                }
            }
            long reserved = WireValues.count(b, "reserved_number");
            PoolBinding binding = new PoolBinding(
                    name,
                    WireValues.text(b, "state"),
                    WireValues.text(b, "quota_type"),
                    reserved < 0 ? -1 : (int) Math.min(reserved, Integer.MAX_VALUE),
                    orMinusOne(WireValues.number(b, "reserved_cpu")),
                    orMinusOne(WireValues.number(b, "reserved_memory")),
                    spot < 0 ? -1 : (int) Math.min(spot, Integer.MAX_VALUE));
            bindings.add(new Binding(binding, segmentAfter(id, "zones")));
        }
        return bindings;
    }

    private static double orMinusOne(double d) {
        return Double.isNaN(d) || d < 0 ? -1 : d;
    }

    /** The path segment following {@code key} in an id like {@code /subscriptions/s/.../zones/z/aec2s/p}. */
    static String segmentAfter(String id, String key) {
        String[] parts = id.split("/");
        for (int i = 0; i + 1 < parts.length; i++) {
            if (parts[i].equals(key)) {
                return parts[i + 1];
            }
        }
        return "";
    }
}
