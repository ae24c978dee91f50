package io.jenkins.plugins.trainingjob.core.outcome;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The entries both front ends' result documents take from a job's outputs. */
class JobOutputsTest {

    @Test
    void readOutputsGiveTheValuesSortedAndTheNotesWhenThereAreAny() {
        JobOutputs read = new JobOutputs(Map.of("b", "2", "a", "1"), "w-0", "", List.of("log cut"));
        assertThat(read.resultEntries())
                .containsOnlyKeys("outputs", "outputsNotes")
                .containsEntry("outputsNotes", List.of("log cut"));
        assertThat(read.resultEntries().get("outputs").toString()).isEqualTo("{a=1, b=2}");
        assertThat(new JobOutputs(Map.of(), "w-0", "", List.of()).resultEntries())
                .containsOnlyKeys("outputs");
    }

    @Test
    void unreadOutputsSayWhyInsteadOfAnEmptyMap() {
        assertThat(JobOutputs.unavailable("SenseCore serves no job logs").resultEntries())
                .containsExactly(Map.entry("outputsUnavailable", "SenseCore serves no job logs"));
    }
}
