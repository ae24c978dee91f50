package io.jenkins.plugins.trainingjob.core.platform;

import java.util.List;

/**
 * Log lines of one worker, and the marker to ask for the lines after them ({@code null} when the platform
 * gave none). The lines are remote data: strip control characters before printing them.
 */
public record LogChunk(List<String> lines, String nextMarker) {
    public LogChunk {
        lines = lines == null ? List.of() : List.copyOf(lines);
        if (nextMarker != null && nextMarker.isEmpty()) {
            nextMarker = null;
        }
    }
}
