package io.jenkins.plugins.trainingjob.core.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class KnownRegionsTest {

    /** bce-openapi-meta products.json "aihc" endpoints plus hkg from bce-sdk-go doc/AIHC.md. */
    @ParameterizedTest
    @ValueSource(strings = {"bj", "gz", "su", "bd", "fwh", "yq", "hkg", " BJ "})
    void theAihcRegionsOfTheVendorsEndpointListAreKnown(String region) {
        assertThat(KnownRegions.of(PlatformKind.AIHC).isKnown(region)).isTrue();
        assertThat(KnownRegions.of(PlatformKind.AIHC).problem(region)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({
        "cn-beijing,bj",
        "beijing,bj",
        "CN-GUANGZHOU,gz",
        "cn-suzhou,su",
        "cn-wuhan,fwh",
        "cn-baoding,bd",
        "cn-yangquan,yq",
        "cn-hongkong,hkg",
        "cn-bj,bj",
        "bj-1,bj"
    })
    void aLongOrCityNameSuggestsTheAihcCode(String region, String meant) {
        assertThat(KnownRegions.of(PlatformKind.AIHC).isKnown(region)).isFalse();
        assertThat(KnownRegions.of(PlatformKind.AIHC).suggest(region)).contains(meant);
    }

    @Test
    void anUnknownRegionIsRefusedWithTheKnownOnesTheOneMeantAndTheEndpointWayOut() {
        assertThat(KnownRegions.of(PlatformKind.AIHC).problem("cn-beijing"))
                .contains("'cn-beijing' is not a known"
                        + " Baidu AIHC region (bd, bj, fwh, gz, hkg, su, yq); did you mean 'bj'? Another region or a"
                        + " private network: set the endpoint URL instead, e.g. https://aihc.<region>.baidubce.com");
        assertThat(KnownRegions.of(PlatformKind.AIHC).problem("xx"))
                .hasValueSatisfying(rule ->
                        assertThat(rule).doesNotContain("did you mean").contains("set the endpoint URL instead"));
        assertThat(KnownRegions.of(PlatformKind.SENSECORE).problem("cn-sh-1"))
                .contains("'cn-sh-1' is not a known"
                        + " SenseCore ACP region (cn-sh-01); did you mean 'cn-sh-01'? Another region or a private"
                        + " network: set the endpoint URL instead, e.g. https://aec2.<region>.sensecoreapi.cn");
        assertThat(KnownRegions.of(PlatformKind.SENSECORE).problem("cn-sh-01")).isEmpty();
        assertThat(KnownRegions.of(PlatformKind.SENSECORE).problem("bj"))
                .hasValueSatisfying(rule -> assertThat(rule).doesNotContain("did you mean"));
    }

    @Test
    void eachRegionsHostIsTheOneItsTargetCalls() {
        assertThat(KnownRegions.of(PlatformKind.AIHC).endpoint(" bj "))
                .isEqualTo(new AihcTarget("p", null).regionEndpoint("bj"))
                .hasToString("https://aihc.bj.baidubce.com");
        assertThat(KnownRegions.of(PlatformKind.SENSECORE).isPublicHost("aec2.cn-sh-01.sensecoreapi.cn"))
                .isTrue();
        assertThat(KnownRegions.of(PlatformKind.SENSECORE).isPublicHost("aihc.bj.baidubce.com"))
                .isFalse();
        assertThat(KnownRegions.of(PlatformKind.AIHC).isPublicHost("aihc.xx.baidubce.com"))
                .as("only a known region's host")
                .isFalse();
    }

    @Test
    void remoteLookingTextIsCutAndControlCharactersReplaced() {
        assertThat(KnownRegions.of(PlatformKind.AIHC).problem("a\u001b[31mb" + "x".repeat(60)))
                .hasValueSatisfying(
                        rule -> assertThat(rule).doesNotContain("\u001b").contains("…'"));
    }
}
