package io.jenkins.plugins.trainingjob.core.spec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class SpecPathTest {

    @Test
    void buildsDottedPathsWithIndexes() {
        String path = SpecPath.field(SpecPath.index(SpecPath.field(SpecPath.ROOT, "roles"), 0), "resource_spec");
        assertThat(SpecPath.field(SpecPath.index(path, 1), "replics")).isEqualTo("roles[0].resource_spec[1].replics");
    }

    @Test
    void knowsWhichPathsLieInsideAnother() {
        assertThat(SpecPath.isWithin("roles[0].name", "roles")).isTrue();
        assertThat(SpecPath.isWithin("roles[0].name", "roles[0]")).isTrue();
        assertThat(SpecPath.isWithin("roles", "roles")).isTrue();
        assertThat(SpecPath.isWithin("roles_extra", "roles")).isFalse();
        assertThat(SpecPath.isWithin("roles[10]", "roles[1]")).isFalse();
    }

    @Test
    void ordersTheDocumentFirstAndIndexesNumerically() {
        assertThat(Stream.of("env[10].key", "name", "", "env", "env[2].key", "env[2]")
                        .sorted(SpecPath.ORDER))
                .containsExactly("", "env", "env[2]", "env[2].key", "env[10].key", "name");
        assertThat(List.of("a9", "a10").stream().sorted(SpecPath.ORDER)).containsExactly("a9", "a10");
    }
}
