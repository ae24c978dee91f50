package io.jenkins.plugins.trainingjob.core.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class NodeRangeFolderTest {

    @Test
    void zeroPaddedNamesFoldIntoOneRangeKeepingThePadding() {
        assertThat(NodeRangeFolder.fold(
                        List.of("fake-node-a800-01", "fake-node-a800-04", "fake-node-a800-03", "fake-node-a800-02")))
                .containsExactly("fake-node-a800-[01-04]");
    }

    @Test
    void ipAddressesFoldOnTheirLastOctet() {
        assertThat(NodeRangeFolder.fold(List.of("10.3.0.123", "10.3.0.122"))).containsExactly("10.3.0.[122-123]");
        assertThat(NodeRangeFolder.fold(List.of("10.3.0.9", "10.3.0.10", "10.3.1.10")))
                .containsExactly("10.3.0.[9-10]", "10.3.1.10");
    }

    @Test
    void gapsBecomeCommaSeparatedRuns() {
        assertThat(NodeRangeFolder.fold(List.of("node-05", "node-01", "node-02", "node-03", "node-07", "node-08")))
                .containsExactly("node-[01-03,05,07-08]");
    }

    @Test
    void onlyNumbersOfTheSameWidthFoldTogether() {
        // 001 is padded to 3 digits; 01 to 2; 10 is unpadded but as wide as 01, so it joins the 2-digit run.
        assertThat(NodeRangeFolder.fold(List.of("n-001", "n-002", "n-01", "n-02", "n-10", "n-9")))
                .containsExactly("n-[001-002]", "n-[01-02,10]", "n-9");
    }

    @Test
    void mixedNamesAreLeftAsTheyAreInADeterministicOrder() {
        List<String> names = new ArrayList<>(List.of("master", "gpu-a", "10.3.0.118", "fake-node-a800-01", "rack2-n1"));
        List<String> expected = List.of("10.3.0.118", "fake-node-a800-01", "gpu-a", "master", "rack2-n1");
        assertThat(NodeRangeFolder.fold(names)).containsExactlyElementsOf(expected);
        Collections.reverse(names);
        assertThat(NodeRangeFolder.fold(names)).containsExactlyElementsOf(expected);
    }

    @Test
    void aSuffixAfterTheNumberMustMatchToFold() {
        assertThat(NodeRangeFolder.fold(List.of("gpu1-ib", "gpu2-ib", "gpu3-eth")))
                .containsExactly("gpu[1-2]-ib", "gpu3-eth");
    }

    @Test
    void duplicatesAndEmptyNamesCountOnce() {
        List<NodeRange> ranges = NodeRangeFolder.foldCounted(Arrays.asList("n-1", "n-1", "n-2", "", null, "n-2"));
        assertThat(ranges).containsExactly(new NodeRange("n-[1-2]", 2));
    }

    @Test
    void countsTellHowManyNamesEachRangeStandsFor() {
        assertThat(NodeRangeFolder.foldCounted(List.of("a-01", "a-02", "a-04", "b", "c-7")))
                .containsExactly(new NodeRange("a-[01-02,04]", 3), new NodeRange("b", 1), new NodeRange("c-7", 1));
    }

    @Test
    void hugeNumbersAreNotParsedButKeptVerbatim() {
        String big = "node-1234567890123456789012";
        assertThat(NodeRangeFolder.fold(List.of(big, "node-1"))).containsExactly("node-1", big);
    }

    @Test
    void aHundredThousandShuffledNamesFoldToTheirRanges() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            names.add(String.format("rack%02d-node-%05d", i / 10_000, i));
        }
        Collections.shuffle(names, new Random(42));
        List<NodeRange> ranges = NodeRangeFolder.foldCounted(names);
        assertThat(ranges).hasSize(10);
        assertThat(ranges.get(0)).isEqualTo(new NodeRange("rack00-node-[00000-09999]", 10_000));
        assertThat(ranges.get(9)).isEqualTo(new NodeRange("rack09-node-[90000-99999]", 10_000));
    }

    @Test
    void scatteredNamesSplitIntoBracketsOfAtMostFourRunsSoListsCanBeCapped() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 20; i += 2) {
            names.add("n" + i);
        }
        assertThat(NodeRangeFolder.foldCounted(names))
                .containsExactly(
                        new NodeRange("n[0,2,4,6]", 4),
                        new NodeRange("n[8,10,12,14]", 4),
                        new NodeRange("n[16,18]", 2));
    }
}
