package io.jenkins.plugins.trainingjob.core.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ReasonCategoryTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "node(s) were unschedulable|CORDONED",
                "node(s) had untolerated taint: {kwok.x-k8s.io/node: fake}|UNTOLERATED_TAINT",
                "node(s) had untolerated taint {gpu: a100}|UNTOLERATED_TAINT",
                "node(s) had taint {k: v}, that the pod didn't tolerate|UNTOLERATED_TAINT",
                "node(s) had taints that the pod didn't tolerate|UNTOLERATED_TAINT",
                "node(s) had untolerated taint(s)|UNTOLERATED_TAINT",
                "node(s) had untolerated taint {node.kubernetes.io/unschedulable: }|CORDONED",
                "Insufficient nvidia.com/gpu|INSUFFICIENT_RESOURCE",
                "Too many pods|INSUFFICIENT_RESOURCE",
                "insufficient unused quota for nvidia.com/gpu in flavor a100|INSUFFICIENT_RESOURCE",
                "queue default is overused|QUEUE_OR_QUOTA",
                "node(s) didn't match Pod's node affinity/selector|NODE_SELECTION",
                "node(s) failed the vendor's gang check|OTHER",
            })
    void reasonsAreClassifiedByTheirStableWords(String reason, ReasonCategory expected) {
        assertThat(ReasonCategory.classify(reason, "", "")).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "node(s) had untolerated taint: {kwok.x-k8s.io/node: fake}|kwok.x-k8s.io/node|fake",
                "node(s) had untolerated taint {dedicated: }|dedicated|''",
                "node(s) had taint {gpu: a100}, that the pod didn't tolerate|gpu|a100",
            })
    void taintsAreReadFromTheirBraces(String reason, String key, String value) {
        assertThat(Taint.parse(reason)).contains(new Taint(key, value));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"node(s) had untolerated taint(s)", "taint {}", "taint {"})
    void messagesWithoutATaintYieldNone(String reason) {
        assertThat(Taint.parse(reason)).isEmpty();
    }
}
