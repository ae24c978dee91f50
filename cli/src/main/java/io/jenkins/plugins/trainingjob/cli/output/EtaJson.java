package io.jenkins.plugins.trainingjob.cli.output;

import io.jenkins.plugins.trainingjob.core.eta.Eta;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code eta} of a JSON document (status, submit, await): the range in seconds from when it was estimated,
 * where there is one, and what it rests on; one shape wherever it appears.
 */
public final class EtaJson {

    private EtaJson() {}

    public static Map<String, Object> of(Eta eta) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("kind", eta.kind().name());
        if (eta.known()) {
            e.put("p10", eta.p10().toSeconds());
            e.put("p50", eta.p50().toSeconds());
            e.put("p90", eta.p90().toSeconds());
        }
        e.put("summary", eta.summary());
        e.put("basis", eta.basis());
        return e;
    }
}
