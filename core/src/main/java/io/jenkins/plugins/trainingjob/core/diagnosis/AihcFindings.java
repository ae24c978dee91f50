package io.jenkins.plugins.trainingjob.core.diagnosis;

import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis;
import java.util.ArrayList;
import java.util.List;

/**
 * Normalises an AIHC schedule diagnosis into findings, one per {@code detail[]} item. Unknown rules are
 * kept as they come. A resource item with an empty text (AIHC sends {@code GPUResourceDiagnostics} that
 * way) gets the kube-scheduler wording {@code Insufficient <resource>}, so it groups and reads like the
 * scheduler's own message; request and allocatable are kept.
 */
final class AihcFindings {

    private AihcFindings() {}

    static List<Finding> from(AihcScheduleDiagnosis diagnosis) {
        List<Finding> out = new ArrayList<>();
        for (AihcScheduleDiagnosis.Rule rule : diagnosis.rules()) {
            for (AihcScheduleDiagnosis.Detail d : rule.details()) {
                String reason = d.detail().trim();
                if (reason.isEmpty() && !d.resourceName().isEmpty()) {
                    reason = "Insufficient " + d.resourceName();
                }
                out.add(Finding.classified(
                        rule.ruleName(),
                        rule.ruleType(),
                        reason,
                        Finding.Where.podOnNode(d.node(), d.pod(), d.job(), d.namespace(), d.queue()),
                        Finding.Shortfall.of(d.resourceName(), d.request(), d.allocatable())));
            }
        }
        return out;
    }
}
