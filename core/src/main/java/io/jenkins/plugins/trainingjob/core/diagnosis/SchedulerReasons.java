package io.jenkins.plugins.trainingjob.core.diagnosis;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The node-refusal messages of kube-scheduler's in-tree filter plugins
 * ({@code pkg/scheduler/framework/plugins/...} in kubernetes/kubernetes), each with the category that
 * decides the verdict and the suggestion a report gives. AIHC's diagnosis details and SenseCore's
 * FailedScheduling events quote them. Matched by a stable fragment, case-insensitively, because the
 * texts come with counts ({@code 3 node(s) ...}), inside lists, or with the values a format inserts.
 * Where versions differ, each wording is listed.
 */
final class SchedulerReasons {

    /**
     * One upstream message.
     *
     * @param source the file in kubernetes/kubernetes that defines it
     * @param message the message as upstream writes it ({@code %s}/{@code %v}: a value filled in)
     * @param fragment the lower-case text that identifies it
     * @param hint the suggestion, or {@code null} where {@link HintWriter} computes one from the findings
     */
    record KnownReason(
            String plugin, String source, String message, String fragment, ReasonCategory category, String hint) {}

    private static final String P = "pkg/scheduler/framework/plugins/";
    /** For a taint message whose key cannot be read (with a key, HintWriter writes the toleration). */
    private static final String TAINTS = "Suggestion: the nodes carry taints the job does not tolerate; find them"
            + " with kubectl describe node, then tolerate them if the job may use those nodes, or pick another pool.";

    /** For both ways the scheduler says a volume is bound to other nodes (a PV's affinity, a zone conflict). */
    private static final String VOLUME_ELSEWHERE = "Suggestion: the job's volumes are tied to other nodes or zones;"
            + " use storage these nodes can reach, or place the job where the volume is.";

    /** Most specific first: the first fragment found decides. */
    static final List<KnownReason> ALL = List.of(
            // NodeUnschedulable
            new KnownReason(
                    "NodeUnschedulable",
                    P + "nodeunschedulable/node_unschedulable.go",
                    "node(s) were unschedulable",
                    "were unschedulable",
                    ReasonCategory.CORDONED,
                    null),
            new KnownReason(
                    "NodeUnschedulable",
                    P + "nodeunschedulable/node_unschedulable.go",
                    "node(s) had unknown conditions",
                    "had unknown conditions",
                    ReasonCategory.NODE_UNAVAILABLE,
                    "Suggestion: the scheduler has no usable record of these nodes (removed, or not registered"
                            + " yet); ask an administrator to check them (kubectl get nodes) or pick another pool."),
            // TaintToleration (wording by version; taint keys are parsed for the toleration hint)
            new KnownReason(
                    "TaintToleration",
                    P + "tainttoleration/taint_toleration.go",
                    "node(s) had untolerated taint(s)",
                    "untolerated taint(s)",
                    ReasonCategory.UNTOLERATED_TAINT,
                    "Suggestion: the nodes carry taints the job does not tolerate (this scheduler no longer prints"
                            + " them); find them with kubectl describe node, then tolerate them if the job may use"
                            + " those nodes, or pick another pool."),
            new KnownReason(
                    "TaintToleration",
                    P + "tainttoleration/taint_toleration.go",
                    "node(s) had taints that the pod didn't tolerate",
                    "had taints that the pod",
                    ReasonCategory.UNTOLERATED_TAINT,
                    TAINTS),
            new KnownReason(
                    "TaintToleration",
                    P + "tainttoleration/taint_toleration.go",
                    "node(s) had untolerated taint {%s: %s}",
                    "untolerated taint",
                    ReasonCategory.UNTOLERATED_TAINT,
                    TAINTS),
            new KnownReason(
                    "TaintToleration",
                    P + "tainttoleration/taint_toleration.go",
                    "node(s) had taint {%s: %s}, that the pod didn't tolerate",
                    "that the pod didn't tolerate",
                    ReasonCategory.UNTOLERATED_TAINT,
                    TAINTS),
            // NodeAffinity
            new KnownReason(
                    "NodeAffinity",
                    P + "nodeaffinity/node_affinity.go",
                    "node(s) didn't match Pod's node affinity/selector",
                    "didn't match pod's node affinity",
                    ReasonCategory.NODE_SELECTION,
                    "Suggestion: these nodes lack the labels the job's node affinity or selector asks for (AIHC:"
                            + " requiredNodeAffinity); fix the terms, or ask an administrator to label the nodes"
                            + " (kubectl get nodes --show-labels)."),
            new KnownReason(
                    "NodeAffinity",
                    P + "nodeaffinity/node_affinity.go",
                    "node(s) didn't match scheduler-enforced node affinity",
                    "scheduler-enforced node affinity",
                    ReasonCategory.NODE_SELECTION,
                    "Suggestion: the scheduler's profile adds a node affinity these nodes do not match; ask the"
                            + " pool's administrator which nodes it allows."),
            new KnownReason(
                    "NodeAffinity",
                    P + "nodeaffinity/node_affinity.go",
                    "pod affinity terms conflict",
                    "affinity terms conflict",
                    ReasonCategory.CONFIGURATION,
                    "Suggestion: the job's own node affinity terms contradict each other; fix them."),
            // NodeName
            new KnownReason(
                    "NodeName",
                    P + "nodename/node_name.go",
                    "node(s) didn't match the requested node name",
                    "requested node name",
                    ReasonCategory.NODE_SELECTION,
                    "Suggestion: the pod is pinned to one node by name (nodeName) and these are other nodes;"
                            + " remove the pin or check that node."),
            // NodePorts
            new KnownReason(
                    "NodePorts",
                    P + "nodeports/node_ports.go",
                    "node(s) didn't have free ports for the requested pod ports",
                    "free ports",
                    ReasonCategory.POD_PLACEMENT,
                    "Suggestion: the host ports the pod asks for are taken on these nodes; use other ports, drop"
                            + " hostPort, or wait for the pods holding them to end."),
            // NodeResourcesFit
            new KnownReason(
                    "NodeResourcesFit",
                    P + "noderesources/fit.go",
                    "Too many pods",
                    "too many pods",
                    ReasonCategory.INSUFFICIENT_RESOURCE,
                    null),
            new KnownReason(
                    "NodeResourcesFit",
                    P + "noderesources/fit.go",
                    "Insufficient cpu",
                    "insufficient cpu",
                    ReasonCategory.INSUFFICIENT_RESOURCE,
                    null),
            new KnownReason(
                    "NodeResourcesFit",
                    P + "noderesources/fit.go",
                    "Insufficient memory",
                    "insufficient memory",
                    ReasonCategory.INSUFFICIENT_RESOURCE,
                    null),
            new KnownReason(
                    "NodeResourcesFit",
                    P + "noderesources/fit.go",
                    "Insufficient ephemeral-storage",
                    "insufficient ephemeral-storage",
                    ReasonCategory.INSUFFICIENT_RESOURCE,
                    null),
            new KnownReason(
                    "NodeResourcesFit",
                    P + "noderesources/fit.go",
                    "Insufficient %v",
                    "insufficient ",
                    ReasonCategory.INSUFFICIENT_RESOURCE,
                    null),
            // PodTopologySpread
            new KnownReason(
                    "PodTopologySpread",
                    P + "podtopologyspread/plugin.go",
                    "node(s) didn't match pod topology spread constraints (missing required label)",
                    "(missing required label)",
                    ReasonCategory.NODE_SELECTION,
                    "Suggestion: these nodes lack the topology label a spread constraint of the job uses; ask an"
                            + " administrator to label them, or change the constraint's topologyKey."),
            new KnownReason(
                    "PodTopologySpread",
                    P + "podtopologyspread/plugin.go",
                    "node(s) didn't match pod topology spread constraints",
                    "topology spread constraints",
                    ReasonCategory.POD_PLACEMENT,
                    "Suggestion: a pod here would break the job's topology spread (maxSkew); it fits when other"
                            + " domains gain room, or relax the constraint (ScheduleAnyway or a larger maxSkew)."),
            // InterPodAffinity
            new KnownReason(
                    "InterPodAffinity",
                    P + "interpodaffinity/filtering.go",
                    "node(s) didn't satisfy existing pods anti-affinity rules",
                    "existing pods anti-affinity",
                    ReasonCategory.POD_PLACEMENT,
                    "Suggestion: pods already on these nodes have an anti-affinity that excludes this job; it"
                            + " fits when they end, or place the job elsewhere."),
            new KnownReason(
                    "InterPodAffinity",
                    P + "interpodaffinity/filtering.go",
                    "node(s) didn't match pod anti-affinity rules",
                    "pod anti-affinity rules",
                    ReasonCategory.POD_PLACEMENT,
                    "Suggestion: pods on these nodes match the job's pod anti-affinity; it fits when they end,"
                            + " or relax the anti-affinity."),
            new KnownReason(
                    "InterPodAffinity",
                    P + "interpodaffinity/filtering.go",
                    "node(s) didn't match pod affinity rules",
                    "pod affinity rules",
                    ReasonCategory.POD_PLACEMENT,
                    "Suggestion: the pods the job's pod affinity follows are not on these nodes; start them first"
                            + " or check the affinity terms."),
            // VolumeBinding
            new KnownReason(
                    "VolumeBinding",
                    P + "volumebinding/binder.go",
                    "node(s) didn't find available persistent volumes to bind",
                    "available persistent volumes",
                    ReasonCategory.STORAGE,
                    "Suggestion: no persistent volume fits the job's claim on these nodes; check the claim's"
                            + " storage class, size and access mode, or ask an administrator for a volume."),
            new KnownReason(
                    "VolumeBinding",
                    P + "volumebinding/binder.go",
                    "node(s) had volume node affinity conflict",
                    "volume node affinity conflict",
                    ReasonCategory.STORAGE,
                    VOLUME_ELSEWHERE),
            new KnownReason(
                    "VolumeBinding",
                    P + "volumebinding/binder.go",
                    "node(s) didn't match PersistentVolume's node affinity",
                    "persistentvolume's node affinity",
                    ReasonCategory.STORAGE,
                    VOLUME_ELSEWHERE),
            new KnownReason(
                    "VolumeBinding",
                    P + "volumebinding/binder.go",
                    "node(s) did not have enough free storage",
                    "enough free storage",
                    ReasonCategory.STORAGE,
                    "Suggestion: the storage class has no capacity left for these nodes; request a smaller volume"
                            + " or ask for more storage capacity."),
            new KnownReason(
                    "VolumeBinding",
                    P + "volumebinding/binder.go",
                    "node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)",
                    "non-existent pv",
                    ReasonCategory.STORAGE,
                    "Suggestion: a claim of the job is bound to a volume that no longer exists; recreate the"
                            + " claim."),
            new KnownReason(
                    "VolumeBinding",
                    P + "volumebinding/volume_binding.go",
                    "pod has unbound immediate PersistentVolumeClaims",
                    "unbound immediate persistentvolumeclaims",
                    ReasonCategory.STORAGE,
                    "Suggestion: a claim of the job is not bound yet; check it (kubectl describe pvc) and its"
                            + " storage class."),
            // VolumeZone
            new KnownReason(
                    "VolumeZone",
                    P + "volumezone/volume_zone.go",
                    "node(s) had no available volume zone",
                    "no available volume zone",
                    ReasonCategory.STORAGE,
                    "Suggestion: the job's volumes are in another zone than these nodes; use a volume in the"
                            + " nodes' zone or a pool in the volume's zone."),
            // VolumeRestrictions
            new KnownReason(
                    "VolumeRestrictions",
                    P + "volumerestrictions/volume_restrictions.go",
                    "node(s) had no available disk",
                    "no available disk",
                    ReasonCategory.STORAGE,
                    "Suggestion: a disk the job mounts is in use by another pod on these nodes; it fits when that"
                            + " pod ends, or use another disk."),
            new KnownReason(
                    "VolumeRestrictions",
                    P + "volumerestrictions/volume_restrictions.go",
                    "node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode",
                    "readwriteoncepod access mode",
                    ReasonCategory.STORAGE,
                    "Suggestion: another pod uses the job's ReadWriteOncePod claim; it fits when that pod ends,"
                            + " or use another claim."),
            // NodeVolumeLimits
            new KnownReason(
                    "NodeVolumeLimits",
                    P + "nodevolumelimits/csi.go",
                    "node(s) exceed max volume count",
                    "exceed max volume count",
                    ReasonCategory.STORAGE,
                    "Suggestion: these nodes have reached their limit of attached volumes; mount fewer volumes, or"
                            + " it fits when other pods' volumes detach."));

    private SchedulerReasons() {}

    /** The upstream message a reason text quotes, if it is one of them. */
    static Optional<KnownReason> match(String reason) {
        if (reason == null || reason.isBlank()) {
            return Optional.empty();
        }
        String r = reason.toLowerCase(Locale.ROOT);
        for (KnownReason known : ALL) {
            if (r.contains(known.fragment())) {
                return Optional.of(known);
            }
        }
        return Optional.empty();
    }

    /** The table's suggestion for a reason, where it has one. */
    static Optional<String> hint(String reason) {
        return match(reason).map(KnownReason::hint);
    }
}
