package io.jenkins.plugins.trainingjob.core.platform;

import java.util.List;
import java.util.function.Function;

/**
 * The AIHC schedule-diagnosis query result ({@code GET /api/v1/aifd/schedulediagnosis/job/query}), field
 * for field. Rule names and types are open strings.
 */
public record AihcScheduleDiagnosis(JobRef job, String diagnosisId, String requestId, List<Rule> rules)
        implements RawDiagnosis {

    public AihcScheduleDiagnosis {
        rules = rules == null ? List.of() : List.copyOf(rules);
    }

    @Override
    public <R> R match(
            Function<? super AihcScheduleDiagnosis, ? extends R> aihc,
            Function<? super SenseCoreEvidence, ? extends R> senseCore,
            Function<? super DiagnosisWithInventory, ? extends R> withInventory) {
        return aihc.apply(this);
    }

    /** One {@code ScheduleDiagnosisResult}: {@code ruleName}, {@code ruleType}, {@code detail[]}. */
    public record Rule(String ruleName, String ruleType, List<Detail> details) {
        public Rule {
            ruleName = nz(ruleName);
            ruleType = nz(ruleType);
            details = details == null ? List.of() : List.copyOf(details);
        }
    }

    /** One {@code detail[]} item. Every field is a string, empty when the platform leaves it empty. */
    public record Detail(
            String allocatable,
            String detail,
            String job,
            String namespace,
            String node,
            String pod,
            String queue,
            String request,
            String resourceName) {
        public Detail {
            allocatable = nz(allocatable);
            detail = nz(detail);
            job = nz(job);
            namespace = nz(namespace);
            node = nz(node);
            pod = nz(pod);
            queue = nz(queue);
            request = nz(request);
            resourceName = nz(resourceName);
        }
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
