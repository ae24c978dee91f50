package io.jenkins.plugins.trainingjob.core.platform.sensecore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SenseCoreJobNameTest {

    @Test
    void aTokenAlwaysGivesTheSameValidName() {
        String name = SenseCoreJobName.fromClientToken("build-42-step-1");

        assertThat(name).matches("tj-[0-9a-f]{12}").isEqualTo(SenseCoreJobName.fromClientToken("build-42-step-1"));
        assertThat(SenseCoreJobName.isValid(name)).isTrue();
    }

    @Test
    void theNameIsTheFirstSixBytesOfTheTokensSha256() {
        // sha256("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
        assertThat(SenseCoreJobName.fromClientToken("abc")).isEqualTo("tj-ba7816bf8f01");
    }

    @Test
    void differentTokensGiveDifferentNames() {
        assertThat(SenseCoreJobName.fromClientToken("a")).isNotEqualTo(SenseCoreJobName.fromClientToken("b"));
    }

    @Test
    void theSpecsOwnNameWinsOverTheToken() {
        assertThat(SenseCoreJobName.resolve("my-job", "t")).isEqualTo("my-job");
        assertThat(SenseCoreJobName.resolve(" ", "abc")).isEqualTo("tj-ba7816bf8f01");
        assertThat(SenseCoreJobName.resolve(null, "abc")).isEqualTo("tj-ba7816bf8f01");
    }

    @Test
    void anEmptyTokenIsRefusedNamingTheParameter() {
        assertThatThrownBy(() -> SenseCoreJobName.fromClientToken(""))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("clientToken:");
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "pt-abc123", "a1", "job-2-b"})
    void validNames(String name) {
        assertThat(SenseCoreJobName.isValid(name)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "1abc",
                "-a",
                "a-",
                "Abc",
                "a_b",
                "a.b",
                "a234567890123456789012345678901234567890123456789012345678901234"
            })
    void invalidNames(String name) {
        assertThat(SenseCoreJobName.isValid(name)).isFalse();
    }
}
