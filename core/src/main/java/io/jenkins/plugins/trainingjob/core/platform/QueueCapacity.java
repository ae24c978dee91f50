package io.jenkins.plugins.trainingjob.core.platform;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A queue as the inventory describes it (AIHC {@code GET .../queue/{name}}): its upper limit
 * ({@code capability}), what it deserves and is guaranteed, what its running jobs hold ({@code allocated}),
 * the nodes it is bound to (empty = the whole pool), its type and state. Quantities stay the platform's
 * strings ({@code 24}, {@code 96}, {@code 1024Gi}); a resource a map does not name is unlimited there.
 */
public record QueueCapacity(String name, String queueType, String state, Boolean opened,
                            Map<String, String> capability, Map<String, String> deserved,
                            Map<String, String> guarantee, Map<String, String> allocated, List<String> nodeList) {

    public QueueCapacity {
        name = name == null ? "" : name;
        queueType = queueType == null ? "" : queueType;
        state = state == null ? "" : state;
        capability = sorted(capability);
        deserved = sorted(deserved);
        guarantee = sorted(guarantee);
        allocated = sorted(allocated);
        nodeList = nodeList == null ? List.of() : List.copyOf(nodeList);
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
