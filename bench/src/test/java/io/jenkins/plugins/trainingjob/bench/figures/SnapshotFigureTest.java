package io.jenkins.plugins.trainingjob.bench.figures;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SnapshotFigureTest {

    @Test
    void aSmallRunFindsTheCordonedNodesAndItsSectionIsSplicedOnce() throws Exception {
        SnapshotFigure.Result r = new SnapshotFigure().run(500);

        assertThat(r.nodes()).isEqualTo(500);
        assertThat(r.headline())
                .isEqualTo("since build #41, cce-k8s-gpu-node-[00437-00500] were cordoned: 512 of the 512 GPUs this "
                        + "job needs");
        assertThat(r.bytes()).isPositive();

        String once = SnapshotFigure.splice("# Benchmarks\n\nfigures 1-7\n", r);
        assertThat(once)
                .startsWith("# Benchmarks\n\nfigures 1-7\n\n" + SnapshotFigure.BEGIN)
                .contains("| 500-node queue: snapshot file | ")
                .endsWith(SnapshotFigure.END + "\n");
        String twice = SnapshotFigure.splice(once + "after\n", r);
        assertThat(twice.split(java.util.regex.Pattern.quote(SnapshotFigure.BEGIN), -1))
                .hasSize(2);
        assertThat(twice).endsWith(SnapshotFigure.END + "\nafter\n");
    }

    @Test
    void aSlowRunIsMarkedNotMet() {
        SnapshotFigure.Result slow = new SnapshotFigure.Result(5000, 80, 120, 20, 30, 600 * 1024, "x");
        assertThat(SnapshotFigure.markdown(slow))
                .contains("write a start snapshot (median; slowest 120.0 ms) | 80.0 ms | < 50 ms | NO |")
                .contains("read and compare (median; slowest 30.0 ms) | 20.0 ms | < 50 ms | yes |")
                .contains("snapshot file | 600 KB | < 512 KB | NO |");
    }

    @Test
    void nodeNamesHaveTheStatedLength() {
        assertThat(SnapshotFigure.name(1)).hasSize(SnapshotFigure.NAME_LENGTH);
    }
}
