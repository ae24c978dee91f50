package io.jenkins.plugins.trainingjob.core.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport.Hint;
import io.jenkins.plugins.trainingjob.core.diagnosis.SchedulerReasons.KnownReason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every node-refusal message of kube-scheduler's in-tree filter plugins, quoted exactly as the file in
 * kubernetes/kubernetes named next to it writes it ({@code %s}/{@code %v} where a value is filled in), with
 * the text a scheduler event or an AIHC diagnosis detail actually carries, and the category it must get.
 * Each must be known, classified, lead to a verdict other than UNKNOWN, and come with a suggestion.
 */
class SchedulerReasonsTest {

    @ParameterizedTest(name = "{1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                // source file (pkg/scheduler/framework/plugins/...) | upstream message | as it arrives | category
                "nodeunschedulable/node_unschedulable.go|node(s) were unschedulable|node(s) were unschedulable|CORDONED",
                "nodeunschedulable/node_unschedulable.go|node(s) had unknown conditions|node(s) had unknown conditions|NODE_UNAVAILABLE",
                "tainttoleration/taint_toleration.go|node(s) had untolerated taint {%s: %s}|node(s) had untolerated taint {gpu: a100}|UNTOLERATED_TAINT",
                "tainttoleration/taint_toleration.go|node(s) had untolerated taint(s)|3 node(s) had untolerated taint(s)|UNTOLERATED_TAINT",
                "tainttoleration/taint_toleration.go|node(s) had taint {%s: %s}, that the pod didn't tolerate|node(s) had taint {gpu: a100}, that the pod didn't tolerate|UNTOLERATED_TAINT",
                "tainttoleration/taint_toleration.go|node(s) had taints that the pod didn't tolerate|node(s) had taints that the pod didn't tolerate|UNTOLERATED_TAINT",
                "nodeaffinity/node_affinity.go|node(s) didn't match Pod's node affinity/selector|node(s) didn't match Pod's node affinity/selector|NODE_SELECTION",
                "nodeaffinity/node_affinity.go|node(s) didn't match scheduler-enforced node affinity|node(s) didn't match scheduler-enforced node affinity|NODE_SELECTION",
                "nodeaffinity/node_affinity.go|pod affinity terms conflict|pod affinity terms conflict|CONFIGURATION",
                "nodename/node_name.go|node(s) didn't match the requested node name|node(s) didn't match the requested node name|NODE_SELECTION",
                "nodeports/node_ports.go|node(s) didn't have free ports for the requested pod ports|node(s) didn't have free ports for the requested pod ports|POD_PLACEMENT",
                "noderesources/fit.go|Too many pods|Too many pods|INSUFFICIENT_RESOURCE",
                "noderesources/fit.go|Insufficient cpu|Insufficient cpu|INSUFFICIENT_RESOURCE",
                "noderesources/fit.go|Insufficient memory|Insufficient memory|INSUFFICIENT_RESOURCE",
                "noderesources/fit.go|Insufficient ephemeral-storage|Insufficient ephemeral-storage|INSUFFICIENT_RESOURCE",
                "noderesources/fit.go|Insufficient %v|Insufficient nvidia.com/gpu|INSUFFICIENT_RESOURCE",
                "podtopologyspread/plugin.go|node(s) didn't match pod topology spread constraints|node(s) didn't match pod topology spread constraints|POD_PLACEMENT",
                "podtopologyspread/plugin.go|node(s) didn't match pod topology spread constraints (missing required label)|node(s) didn't match pod topology spread constraints (missing required label)|NODE_SELECTION",
                "interpodaffinity/filtering.go|node(s) didn't satisfy existing pods anti-affinity rules|node(s) didn't satisfy existing pods anti-affinity rules|POD_PLACEMENT",
                "interpodaffinity/filtering.go|node(s) didn't match pod affinity rules|node(s) didn't match pod affinity rules|POD_PLACEMENT",
                "interpodaffinity/filtering.go|node(s) didn't match pod anti-affinity rules|node(s) didn't match pod anti-affinity rules|POD_PLACEMENT",
                "volumebinding/binder.go|node(s) didn't find available persistent volumes to bind|node(s) didn't find available persistent volumes to bind|STORAGE",
                "volumebinding/binder.go|node(s) had volume node affinity conflict|node(s) had volume node affinity conflict|STORAGE",
                "volumebinding/binder.go|node(s) didn't match PersistentVolume's node affinity|node(s) didn't match PersistentVolume's node affinity|STORAGE",
                "volumebinding/binder.go|node(s) did not have enough free storage|node(s) did not have enough free storage|STORAGE",
                "volumebinding/binder.go|node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)|node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)|STORAGE",
                "volumebinding/volume_binding.go|pod has unbound immediate PersistentVolumeClaims|pod has unbound immediate PersistentVolumeClaims|STORAGE",
                "volumezone/volume_zone.go|node(s) had no available volume zone|node(s) had no available volume zone|STORAGE",
                "volumerestrictions/volume_restrictions.go|node(s) had no available disk|node(s) had no available disk|STORAGE",
                "volumerestrictions/volume_restrictions.go|node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode|node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode|STORAGE",
                "nodevolumelimits/csi.go|node(s) exceed max volume count|node(s) exceed max volume count|STORAGE",
            })
    void everyUpstreamFilterMessageIsKnownClassifiedJudgedAndHinted(
            String source, String upstream, String arriving, ReasonCategory category) {
        assertThat(SchedulerReasons.ALL)
                .as("the table quotes it with its source")
                .anyMatch(k ->
                        k.message().equals(upstream) && k.source().equals("pkg/scheduler/framework/plugins/" + source));
        assertThat(ReasonCategory.classify(arriving, "", "")).isEqualTo(category);

        DiagnosisReport report = new AihcDiagnoses()
                .reason("SchedulerFilter", "SchedulerFilter", arriving, "n-1", "n-2")
                .analyze();
        assertThat(report.verdict()).as(report.verdictText()).isNotEqualTo(Verdict.UNKNOWN);
        assertThat(report.hints())
                .extracting(Hint::reason)
                .as("a suggestion for it")
                .contains(arriving);
    }

    @Test
    void everyEntryOfTheTableIsInTheTest() {
        // keeps the table and the quoted list above from drifting apart
        assertThat(SchedulerReasons.ALL).hasSize(31);
        assertThat(SchedulerReasons.ALL)
                .extracting(KnownReason::source)
                .allMatch(s -> s.startsWith("pkg/scheduler/framework/plugins/") && s.endsWith(".go"));
        assertThat(SchedulerReasons.ALL)
                .allMatch(k -> k.message()
                                .toLowerCase(java.util.Locale.ROOT)
                                .replace("%s", "")
                                .replace("%v", "")
                                .contains(k.fragment().trim())
                        || k.message().toLowerCase(java.util.Locale.ROOT).startsWith(k.fragment()));
    }

    @Test
    void aJobWhoseNodeSelectionNoNodeMatchesNeverFitsAsConfigured() {
        DiagnosisReport report = new AihcDiagnoses()
                .reason(
                        "NodeAffinityDiagnostics",
                        "NodeAvailabilityDiagnostics",
                        "node(s) didn't match Pod's node affinity/selector",
                        "n-1",
                        "n-2")
                .resource("GPUResourceDiagnostics", "nvidia.com/gpu", "8", "4", "n-3")
                .analyze();
        assertThat(report.verdict()).isEqualTo(Verdict.NEVER_FITS);
        assertThat(report.verdictText())
                .startsWith("never fits as configured: none of the 3 nodes is one the job"
                        + " selects or can hold the pod (node(s) didn't match Pod's node affinity/selector)");
    }

    @Test
    void placementRulesThatDependOnOtherPodsFitLater() {
        DiagnosisReport report = new AihcDiagnoses()
                .reason("PodAffinity", "PodAffinity", "node(s) didn't match pod anti-affinity rules", "n-1")
                .reason("NodeAffinity", "NodeAffinity", "node(s) didn't match Pod's node affinity/selector", "n-2")
                .analyze();
        assertThat(report.verdict()).isEqualTo(Verdict.FITS_LATER);
    }

    @Test
    void aReasonNoTableKnowsStaysOther() {
        assertThat(SchedulerReasons.match("node(s) failed the vendor's gang check"))
                .isEmpty();
        assertThat(ReasonCategory.classify("node(s) failed the vendor's gang check", "", ""))
                .isEqualTo(ReasonCategory.OTHER);
    }
}
