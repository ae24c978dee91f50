package io.jenkins.plugins.trainingjob.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConsoleTextTest {

    @Test
    void plainTextIsUnchanged() {
        assertThat(ConsoleText.strip("fake-node-a800-01 has taint {kwok.x-k8s.io/node: fake}"))
                .isEqualTo("fake-node-a800-01 has taint {kwok.x-k8s.io/node: fake}");
        assertThat(ConsoleText.strip("节点不可调度")).isEqualTo("节点不可调度");
    }

    @Test
    void ansiColourAndCursorSequencesAreRemoved() {
        assertThat(ConsoleText.strip("\u001b[31mred\u001b[0m node\u001b[2K\u001b[1A"))
                .isEqualTo("red node");
    }

    @Test
    void oscSequencesSuchAsHyperlinksAndTitlesAreRemoved() {
        assertThat(ConsoleText.strip("a\u001b]0;pwned\u0007b\u001b]8;;http://x\u001b\\c"))
                .isEqualTo("abc");
    }

    @Test
    void lineBreaksCannotForgeLogLines() {
        assertThat(ConsoleText.strip("node-1\n[Pipeline] echo SUCCESS\r")).isEqualTo("node-1 [Pipeline] echo SUCCESS ");
    }

    @Test
    void otherControlAndBidiCharactersAreDropped() {
        assertThat(ConsoleText.strip("a\u0000b\u0007c\u009bd\u202ee")).isEqualTo("abcde");
    }

    @Test
    void stripLinesKeepsLineBreaksButCleansEachLine() {
        assertThat(ConsoleText.stripLines("[aihc] job x is\n    PENDING\u001b[2J\r\nnext\tline"))
                .isEqualTo("[aihc] job x is\n    PENDING\nnext line");
        assertThat(ConsoleText.stripLines(null)).isEmpty();
    }

    @Test
    void logicalLinesJoinFoldsAndKeepEveryOtherLineApart() {
        String folded = "[aihc] job x is SUCCEEDED, was\n    RUNNING\n  last events:\n    Warning BackOff: back-off\n"
                + "        restarting\n    Normal Killing: stopped\u001b[2J";

        assertThat(ConsoleText.logicalLines(folded))
                .isEqualTo("[aihc] job x is SUCCEEDED, was RUNNING\n  last events:\n    Warning BackOff: back-off"
                        + " restarting\n    Normal Killing: stopped");
        assertThat(ConsoleText.logicalLines("one line")).isEqualTo("one line");
        assertThat(ConsoleText.logicalLines("")).isEmpty();
    }

    @Test
    void longValuesAreCutWithAnEllipsis() {
        assertThat(ConsoleText.strip("abcdefghij", 5)).isEqualTo("abcd…");
        assertThat(ConsoleText.strip("abc", 5)).isEqualTo("abc");
        assertThat(ConsoleText.strip(null)).isEmpty();
    }

    @Test
    void aCutNeverSplitsACharacterOutsideTheBasicPlane() {
        String gpus = "\uD83D\uDE80\uD83D\uDE80\uD83D\uDE80"; // three rockets, two chars each

        assertThat(ConsoleText.strip(gpus, 4)).isEqualTo("\uD83D\uDE80…");
        assertThat(ConsoleText.strip("ab" + gpus, 4)).isEqualTo("ab…");
    }
}
