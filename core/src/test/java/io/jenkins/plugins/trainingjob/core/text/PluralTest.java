package io.jenkins.plugins.trainingjob.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PluralTest {

    @Test
    void oneTakesTheSingularEveryOtherCountThePlural() {
        assertThat(Plural.count(1, "job", "jobs")).isEqualTo("1 job");
        assertThat(Plural.count(0, "job", "jobs")).isEqualTo("0 jobs");
        assertThat(Plural.count(2, "finished job", "finished jobs")).isEqualTo("2 finished jobs");
    }
}
