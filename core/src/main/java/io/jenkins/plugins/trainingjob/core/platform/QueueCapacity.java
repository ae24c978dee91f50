package io.jenkins.plugins.trainingjob.core.platform;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A queue as the inventory describes it (AIHC {@code GET .../queue/{name}}): its upper limit
 * ({@code capability}), what it deserves and is guaranteed, what its running jobs hold ({@code allocated}),
 * the nodes it is bound to (empty = the whole pool; the reader resolves instance ids to node names), its type
 * and state, and its child queues ({@code children}: a queue that has them is not a leaf, and Volcano
 * places jobs only in leaf queues). Quantities stay the platform's
 * strings ({@code 24}, {@code 96}, {@code 1024Gi}); a resource a map does not name is unlimited there.
 */
public record QueueCapacity(
        String name,
        String queueType,
        String state,
        Boolean opened,
        Map<String, String> capability,
        Map<String, String> deserved,
        Map<String, String> guarantee,
        Map<String, String> allocated,
        List<String> nodeList,
        List<String> children) {

    /** A queue whose answer named no children (a leaf, as far as we know). */
    public QueueCapacity(
            String name,
            String queueType,
            String state,
            Boolean opened,
            Map<String, String> capability,
            Map<String, String> deserved,
            Map<String, String> guarantee,
            Map<String, String> allocated,
            List<String> nodeList) {
        this(name, queueType, state, opened, capability, deserved, guarantee, allocated, nodeList, List.of());
    }

    public QueueCapacity {
        name = name == null ? "" : name;
        queueType = queueType == null ? "" : queueType;
        state = state == null ? "" : state;
        capability = sorted(capability);
        deserved = sorted(deserved);
        guarantee = sorted(guarantee);
        allocated = sorted(allocated);
        nodeList = nodeList == null ? List.of() : List.copyOf(nodeList);
        children = children == null ? List.of() : List.copyOf(children);
    }

    /** True when the queue says it takes no jobs ({@code state: Close}, or {@code opened: false}). */
    public boolean closed() {
        String s = state.trim().toLowerCase(Locale.ROOT);
        return s.equals("close") || s.equals("closed") || Boolean.FALSE.equals(opened);
    }

    private static Map<String, String> sorted(Map<String, String> m) {
        return m == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(m));
    }
}
