package io.jenkins.plugins.trainingjob.core.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import org.junit.jupiter.api.Test;

class ClientTokenTest {

    @Test
    void firstAttemptKeepsTheSubmitsOwnToken() {
        assertThat(ClientToken.forAttempt("nightly-42", 1)).isEqualTo("nightly-42");
    }

    @Test
    void laterAttemptsGetANumberedSuffix() {
        assertThat(ClientToken.forAttempt("nightly-42", 2)).isEqualTo("nightly-42-a2");
        assertThat(ClientToken.forAttempt("nightly-42", 13)).isEqualTo("nightly-42-a13");
    }

    @Test
    void derivedTokensAreStableAndFollowTheRule() {
        String longBase = "x".repeat(63);
        for (int attempt = 1; attempt <= 120; attempt++) {
            String token = ClientToken.forAttempt(longBase, attempt);
            assertThat(ClientToken.isValid(token)).as(token).isTrue();
            assertThat(token).isEqualTo(ClientToken.forAttempt(longBase, attempt));
        }
    }

    @Test
    void longBasesSharingAPrefixStayApart() {
        String a = "release-" + "p".repeat(54) + "a";
        String b = "release-" + "p".repeat(54) + "b";
        assertThat(ClientToken.forAttempt(a, 2)).hasSize(63).isNotEqualTo(ClientToken.forAttempt(b, 2));
    }

    @Test
    void aTokenEndingInPunctuationBeforeTheCutStillGivesAValidToken() {
        String base = "a" + "-".repeat(55) + "z";
        assertThat(ClientToken.isValid(ClientToken.forAttempt(base, 9))).isTrue();
        assertThat(ClientToken.isValid(ClientToken.forAttempt(base, 10))).isTrue();
    }

    @Test
    void refusesAnInvalidBaseOrAttempt() {
        assertThatThrownBy(() -> ClientToken.forAttempt("-bad", 2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ClientToken.forAttempt("ok", 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void requireNamesTheFieldAndTheRule() {
        assertThatThrownBy(() -> ClientToken.require("--client-token", "a b"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("--client-token")
                .hasMessageContaining(ClientToken.RULE);
    }
}
