package io.jenkins.plugins.trainingjob.core.spec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QuotedTextTest {

    @Test
    void keepsOrdinaryText() {
        assertThat(QuotedText.of("PYTORCH")).isEqualTo("PYTORCH");
        assertThat(QuotedText.of("训练")).isEqualTo("训练");
    }

    @Test
    void dropsControlAndBidiCharactersSoAMessageCannotForgeConsoleLines() {
        assertThat(QuotedText.of("a\nb\u001b[31mc\u202ed")).isEqualTo("ab[31mcd");
    }

    @Test
    void cutsLongText() {
        assertThat(QuotedText.of("x".repeat(64))).hasSize(64);
        assertThat(QuotedText.of("x".repeat(65))).isEqualTo("x".repeat(63) + "…");
    }

    @Test
    void quotesUserTextInProblemsSafely() {
        assertThat(SpecFixture.senseCore().set("framework", "\"PY\\e[2JTORCH\"").problems())
                .containsExactly(
                        "framework: must be one of FRAMEWORK_UNSPECIFIED, MPI, PYTORCH, PYTORCH_DDP, TENSORFLOW,"
                                + " TENSORFLOW_PS, SENSEPARROTS, SENSEPARROTS_DDP (found 'PY[2JTORCH')");
        assertThat(SpecFixture.senseCore().set("evil\nstate", "x").problems())
                .containsExactly("evilstate: unknown field");
        assertThat(ExitCodeList.check("1\u0007"))
                .contains("'1' is neither an exit code nor a range like 101-255 (digits, '-' and ',' only, no spaces)");
    }
}
