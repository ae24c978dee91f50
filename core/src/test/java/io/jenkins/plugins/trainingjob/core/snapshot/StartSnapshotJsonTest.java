package io.jenkins.plugins.trainingjob.core.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot.NodeLine;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start snapshot's file form: versioned, one node per line, read back equal; a newer version, a broken
 * file or a field of the wrong shape is refused with a message naming the file and the field.
 */
class StartSnapshotJsonTest {

    @TempDir
    Path dir;

    @Test
    void aSnapshotReadsBackEqualWithItsVersionFirstAndOneLinePerNode() {
        StartSnapshot s = Snapshots.buildFortyOne();
        String json = StartSnapshotJson.write(s);

        assertThat(json).startsWith("{\n  \"version\": 1,\n  \"label\": \"build #41\",\n");
        assertThat(json)
                .contains("\n    [\"gpu-06\",\"ready\",\"nvidia.com/gpu\",8,0,8],\n")
                .contains("\"perPod\":{\"cpu\":16,\"memory\":137438953472,\"nvidia.com/gpu\":8}");
        assertThat(json.lines().filter(l -> l.startsWith("    [\"gpu-"))).hasSize(8);
        assertThat(StartSnapshotJson.read(json, "build #41")).isEqualTo(s);
    }

    @Test
    void aPendingSnapshotWithoutOptionalPartsReadsBackEqual() {
        StartSnapshot s = Snapshots.completeness(
                Snapshots.with(Snapshots.today(), Snapshots.today().demand(), null, List.of(), null),
                false,
                List.of("inventory: not readable: 403"));
        assertThat(StartSnapshotJson.read(StartSnapshotJson.write(s), "x")).isEqualTo(s);
    }

    @Test
    void aFileWrittenWholeReadsBackAndNoTemporaryFileStays() throws IOException {
        Path file = dir.resolve("cache/nightly.snapshot.json");
        StartSnapshotJson.write(file, Snapshots.buildFortyOne());
        StartSnapshotJson.write(file, Snapshots.buildFortyOne().withLabel("build #42"));

        assertThat(StartSnapshotJson.read(file).label()).isEqualTo("build #42");
        try (var files = Files.list(file.getParent())) {
            assertThat(files).containsExactly(file);
        }
    }

    @Test
    void aNewerVersionIsRefusedNamingTheFile() throws IOException {
        Path file = dir.resolve("baseline.json");
        Files.writeString(
                file, StartSnapshotJson.write(Snapshots.buildFortyOne()).replace("\"version\": 1", "\"version\": 2"));

        assertThatThrownBy(() -> StartSnapshotJson.read(file))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage(file + ": written by a newer release (start snapshot version 2; this release reads "
                        + "version 1): upgrade, or take a new snapshot");
    }

    @Test
    void aBrokenOrForeignFileIsRefusedNamingTheFileNeverAStackTrace() throws IOException {
        Path cut = dir.resolve("cut.json");
        String json = StartSnapshotJson.write(Snapshots.buildFortyOne());
        Files.writeString(cut, json.substring(0, json.length() / 2));
        assertThatThrownBy(() -> StartSnapshotJson.read(cut))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith(cut + ": not a start snapshot: not a JSON document (");

        Path report = dir.resolve("report.json");
        Files.writeString(report, "{\"schemaVersion\": 1, \"headline\": \"x\"}");
        assertThatThrownBy(() -> StartSnapshotJson.read(report))
                .hasMessage(report + ": not a start snapshot: 'version' is missing or not a whole number");

        Path binary = dir.resolve("binary.json");
        Files.write(binary, new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
        assertThatThrownBy(() -> StartSnapshotJson.read(binary))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith(binary + ": not a start snapshot");

        assertThatThrownBy(() -> StartSnapshotJson.read(dir.resolve("absent.json")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage(dir.resolve("absent.json") + ": no such file");
    }

    @Test
    void aFieldOfTheWrongShapeIsNamed() {
        String json = StartSnapshotJson.write(Snapshots.buildFortyOne());
        assertThatThrownBy(() -> StartSnapshotJson.read(
                        json.replace(
                                "[\"gpu-03\",\"ready\",\"nvidia.com/gpu\",8,0,0]",
                                "[\"gpu-03\",\"ready\",\"nvidia.com/gpu\",\"eight\",0,0]"),
                        "build #41's snapshot"))
                .hasMessage(
                        "build #41's snapshot: not a valid start snapshot: 'nodes[2].total' must be a whole number");
        assertThatThrownBy(() ->
                        StartSnapshotJson.read(json.replace("\"moment\": \"started\"", "\"moment\": \"later\""), "f"))
                .hasMessage(
                        "f: not a valid start snapshot: 'moment' must be started, preflight or pending, was 'later'");
        assertThatThrownBy(() -> StartSnapshotJson.read(json.replace("\"takenAt\": \"", "\"takenAt\": \"x"), "f"))
                .hasMessageContaining("'takenAt' must be an ISO-8601 instant");
    }

    @Test
    void fieldsALaterMinorReleaseAddsAreIgnored() {
        String json = StartSnapshotJson.write(Snapshots.buildFortyOne())
                .replace("\"label\":", "\"labels\": {\"team\": \"vision\"},\n  \"label\":");
        assertThat(StartSnapshotJson.read(json, "f")).isEqualTo(Snapshots.buildFortyOne());
    }

    @Test
    void aFiveThousandNodeQueueStaysAFewHundredKilobytes() {
        List<NodeLine> nodes = new ArrayList<>();
        for (int i = 1; i <= 5_000; i++) {
            nodes.add(new NodeLine(
                    String.format("cce-k8s-gpu-node-%05d", i), NodeLine.READY, "nvidia.com/gpu", 8, i % 9, 0));
        }
        StartSnapshot big = Snapshots.with(
                Snapshots.buildFortyOne(),
                Snapshots.buildFortyOne().demand(),
                Snapshots.buildFortyOne().queueState(),
                nodes,
                Snapshots.buildFortyOne().jobsAhead());
        byte[] bytes = StartSnapshotJson.write(big).getBytes(StandardCharsets.UTF_8);
        assertThat(bytes.length).isLessThan(512 * 1024);
        assertThat(StartSnapshotJson.read(new String(bytes, StandardCharsets.UTF_8), "big")
                        .nodes())
                .hasSize(5_000);
    }

    @Test
    void hostileRemoteStringsAreDataInTheFile() throws IOException {
        String evil = "gpu\"],[\"x\n\u001b[31m<script>\\\u0000\t\uD800";
        StartSnapshot s = Snapshots.nodes(
                Snapshots.buildFortyOne(),
                n -> new NodeLine(evil + n.name(), n.state(), n.device(), n.total(), n.free(), n.job()));
        assertThat(s.nodes().get(0).name()).as("a lone surrogate is not text").contains("\uFFFD");
        String json = StartSnapshotJson.write(s);
        assertThat(json.lines().filter(l -> l.startsWith("    [\""))).hasSize(8);
        assertThat(StartSnapshotJson.read(json, "f")).isEqualTo(s);
        Path file = dir.resolve("evil.json");
        StartSnapshotJson.write(file, s.withLabel(evil));
        assertThat(StartSnapshotJson.read(file)).isEqualTo(s.withLabel(evil));
    }

    @Test
    void aRemoteStringIsBoundedNeverSplittingAPair() {
        String name = "x".repeat(StartSnapshot.MAX_TEXT - 1) + "\uD83D\uDE00" + "tail";
        StartSnapshot s = Snapshots.nodes(
                Snapshots.buildFortyOne(),
                n -> new NodeLine(name, n.state(), n.device(), n.total(), n.free(), n.job()));
        assertThat(s.nodes().get(0).name()).hasSize(StartSnapshot.MAX_TEXT - 1).doesNotContain("\uFFFD");
    }
}
