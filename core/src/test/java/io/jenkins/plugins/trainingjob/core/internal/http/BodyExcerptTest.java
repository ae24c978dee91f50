package io.jenkins.plugins.trainingjob.core.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BodyExcerptTest {

    @Test
    void controlCharactersAreStrippedAndWhitespaceFolded() {
        assertThat(BodyExcerpt.of("<h1>Bad\u001b[2J Gateway</h1>\r\n\n  <p>x</p>\u0007"))
                .isEqualTo("<h1>Bad Gateway</h1> <p>x</p>");
    }

    @Test
    void longBodiesAreCutToTheMaximumWithAnEllipsis() {
        String excerpt = BodyExcerpt.of("a".repeat(100_000));
        assertThat(excerpt).hasSize(BodyExcerpt.MAX_CHARS).endsWith("…");
    }

    @Test
    void nothingGivesEmpty() {
        assertThat(BodyExcerpt.of(null)).isEmpty();
        assertThat(BodyExcerpt.of("")).isEmpty();
    }
}
