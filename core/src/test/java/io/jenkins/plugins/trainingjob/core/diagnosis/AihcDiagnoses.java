package io.jenkins.plugins.trainingjob.core.diagnosis;

import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis.Detail;
import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis.Rule;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds AIHC diagnoses in tests, one detail per node, as the platform sends them. */
final class AihcDiagnoses {

    static final JobRef JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-1", "train-llm");
    static final String POD = "train-llm-master-0";

    private final Map<List<String>, List<Detail>> rules = new LinkedHashMap<>();

    AihcDiagnoses reason(String rule, String ruleType, String detail, String... nodes) {
        for (String node : nodes) {
            add(rule, ruleType, new Detail("", detail, JOB.name(), "default", node, POD, "default", "", ""));
        }
        return this;
    }

    AihcDiagnoses resource(String rule, String resource, String request, String allocatable, String... nodes) {
        for (String node : nodes) {
            add(
                    rule,
                    "ResourceCapacityDiagnostics",
                    new Detail(allocatable, "", JOB.name(), "default", node, POD, "default", request, resource));
        }
        return this;
    }

    private void add(String rule, String ruleType, Detail d) {
        rules.computeIfAbsent(List.of(rule, ruleType), k -> new ArrayList<>()).add(d);
    }

    AihcScheduleDiagnosis build() {
        List<Rule> out = new ArrayList<>();
        rules.forEach((k, v) -> out.add(new Rule(k.get(0), k.get(1), v)));
        return new AihcScheduleDiagnosis(JOB, "diag-1", "req-1", out);
    }

    DiagnosisReport analyze() {
        return new DiagnosisAnalyzer().analyze(build());
    }
}
