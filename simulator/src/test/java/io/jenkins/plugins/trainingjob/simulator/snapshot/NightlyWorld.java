package io.jenkins.plugins.trainingjob.simulator.snapshot;

import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcClient;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.simulator.SimClients;
import io.jenkins.plugins.trainingjob.simulator.SimSpecs;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import io.jenkins.plugins.trainingjob.simulator.cluster.NodeChange;
import java.util.List;
import java.util.Map;

/**
 * The bundled {@code nightly} scenario's job and the changes its worlds make between two builds (see
 * nightly.yaml): the administrator cordons two nodes or cuts the queue's capability, another team fills the
 * queue, or the nodes lose the label the job's affinity needs (a change no start snapshot records).
 */
public final class NightlyWorld {
    public static final String POOL = "cce-nightly";
    public static final String QUEUE = "train";

    private NightlyWorld() {}

    /** The nightly job: {@code pods} pods of 8 GPUs in queue train, on nodes labelled zone=a. */
    public static JobSpec job(int pods) {
        return SimSpecs.edited(
                SimSpecs.aihc("nightly-train", QUEUE, pods, 8),
                body -> body.putArray("requiredNodeAffinity").add("zone=a"));
    }

    public static void cordonTwoNodes(Simulator sim) {
        sim.cordon("gpu-07");
        sim.cordon("gpu-08");
    }

    /** Queue train's capability of 32 GPUs cut to 16. */
    public static void cutCapability(Simulator sim) {
        sim.setQueueCapability(POOL, QUEUE, Map.of("nvidia.com/gpu", "16"));
    }

    /** Team B runs two jobs of 8 GPUs (16 of the queue's 32) and queues one of 16: the job it returns. */
    public static JobRef anotherTeamFillsTheQueue(Simulator sim) {
        try (AihcClient teamB = SimClients.aihc(sim, POOL, QUEUE)) {
            teamB.submit(SimSpecs.aihc("team-b-1", QUEUE, 1, 8), "b1");
            teamB.submit(SimSpecs.aihc("team-b-2", QUEUE, 1, 8), "b2");
            return teamB.submit(SimSpecs.aihc("team-b-3", QUEUE, 2, 8), "b3");
        }
    }

    /** The nodes the job used lose the label its affinity needs: nothing a snapshot records changes. */
    public static void relabelTheJobsNodes(Simulator sim) {
        for (String node : List.of("gpu-06", "gpu-07", "gpu-08")) {
            sim.changeNode(node, new NodeChange(null, null, null, null, Map.of("zone", "b")));
        }
    }
}
