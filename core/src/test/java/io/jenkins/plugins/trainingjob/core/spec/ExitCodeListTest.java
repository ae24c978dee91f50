package io.jenkins.plugins.trainingjob.core.spec;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ExitCodeListTest {

    @ParameterizedTest
    @ValueSource(strings = {"99", "1", "255", "99,101-255", "161-250,251,252-255", "251,252-255,161", "1-255", "7-7"})
    void acceptsCodesAndAscendingRangesBetween1And255InAnyOrder(String exitCodes) {
        assertThat(ExitCodeList.check(exitCodes)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "0        | '0' is outside the exit codes 1-255",
                "256      | '256' is outside the exit codes 1-255",
                "0-10     | '0-10' is outside the exit codes 1-255",
                "200-300  | '200-300' is outside the exit codes 1-255",
                "5-3      | range '5-3' runs backwards: write it as 3-5",
                "1,,2     | empty item: separate exit codes with single commas, as in 99,101-255",
                "1,       | empty item: separate exit codes with single commas, as in 99,101-255",
                "'1, 2'   | ' 2' is neither an exit code nor a range like 101-255 (digits, '-' and ',' only, no spaces)",
                "-5       | '-5' is neither an exit code nor a range like 101-255 (digits, '-' and ',' only, no spaces)",
                "1-2-3    | '1-2-3' is neither an exit code nor a range like 101-255 (digits, '-' and ',' only, no spaces)",
                "abc      | 'abc' is neither an exit code nor a range like 101-255 (digits, '-' and ',' only, no spaces)",
            })
    void rejectsAnythingElseNamingTheOffendingItem(String exitCodes, String message) {
        assertThat(ExitCodeList.check(exitCodes)).contains(message);
    }

    @Test
    void mustNotBeEmptyNorLongerThan1024Characters() {
        assertThat(ExitCodeList.check(""))
                .contains("must not be empty: list exit codes such as 99,101-255, or omit"
                        + " the field to match any exit code");
        String longest = "1,".repeat(511) + "10"; // 1024 characters
        assertThat(longest).hasSize(1024);
        assertThat(ExitCodeList.check(longest)).isEmpty();
        assertThat(ExitCodeList.check(longest + "0")).contains("must be at most 1024 characters (found 1025)");
    }
}
