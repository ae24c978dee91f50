package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The regions each platform's public API is known to serve, so that a region turns into a host that
 * exists ({@code https://aihc.<region>.baidubce.com}, {@code https://aec2.<region>.sensecoreapi.cn}) and
 * a mistyped or long-form one ({@code cn-beijing}) is refused with the code that was meant. A region not
 * listed here is still reachable through an explicit endpoint URL.
 */
final class KnownRegions {

    /**
     * Baidu AIHC region codes. Sources: bce-openapi-meta {@code schema/products.json}, product {@code aihc}
     * (commit 11913e3, endpoints bd, bj, fwh, gz, su, yq), matching the "服务域名" doc page
     * cloud.baidu.com/doc/AIHC/s/amaz0nqs7; bce-sdk-go {@code doc/AIHC.md} (commit 6916310, "访问区域": bj, gz,
     * su, hkg, fwh, bd), which adds hkg.
     */
    public static final List<String> AIHC = List.of("bd", "bj", "fwh", "gz", "hkg", "su", "yq");

    /**
     * SenseCore ACP regions. No official SDK exists; the only region the public ACP origin is documented and
     * used live for is cn-sh-01 ({@code aec2.cn-sh-01.sensecoreapi.cn}: the SLAI-sensecore-tool
     * ACP-LIVE-VALIDATION notes as cited in our sensecore-api.md §1.1, and the AFS default URL
     * {@code afs.cn-sh-01.sensecoreapi.cn} in a public client).
     */
    public static final List<String> SENSECORE = List.of("cn-sh-01");

    /** Long or city names users write for an AIHC code (the console says 北京, others write cn-beijing). */
    private static final Map<String, String> AIHC_NAMES = Map.ofEntries(
            Map.entry("beijing", "bj"),
            Map.entry("guangzhou", "gz"),
            Map.entry("suzhou", "su"),
            Map.entry("baoding", "bd"),
            Map.entry("wuhan", "fwh"),
            Map.entry("yangquan", "yq"),
            Map.entry("hongkong", "hkg"),
            Map.entry("hk", "hkg"),
            Map.entry("wh", "fwh"));

    private KnownRegions() {}

    /** The known regions of a platform, sorted. */
    public static List<String> of(PlatformKind platform) {
        return switch (platform) {
            case AIHC -> AIHC;
            case SENSECORE -> SENSECORE;
        };
    }

    /** True when {@code region} (trimmed, any case) is one of the platform's known regions. */
    public static boolean isKnown(PlatformKind platform, String region) {
        return region != null && of(platform).contains(region.trim().toLowerCase(Locale.ROOT));
    }

    /** The known region a user most likely meant, if any ({@code cn-beijing} → {@code bj}). */
    public static Optional<String> suggest(PlatformKind platform, String region) {
        if (region == null) {
            return Optional.empty();
        }
        String r = region.trim().toLowerCase(Locale.ROOT);
        // cn-beijing, cn_beijing, beijing-1, cn-sh-1 ...: letters only, without a leading "cn"
        String letters = r.replaceAll("[^a-z]", "");
        String bare = letters.startsWith("cn") && letters.length() > 2 ? letters.substring(2) : letters;
        return switch (platform) {
            case AIHC -> Optional.ofNullable(AIHC.contains(bare) ? bare : AIHC_NAMES.get(bare));
            case SENSECORE -> bare.equals("sh") || bare.equals("shanghai") ? Optional.of("cn-sh-01") : Optional.empty();
        };
    }

    /**
     * The rule a region breaks, or empty when it is known. Says which regions are known, the one meant when
     * it can tell, and that any other region is reached with an explicit endpoint URL.
     */
    public static Optional<String> problem(PlatformKind platform, String region) {
        if (region == null || region.isBlank() || isKnown(platform, region)) {
            return Optional.empty();
        }
        String example =
                switch (platform) {
                    case AIHC -> "https://aihc.<region>.baidubce.com";
                    case SENSECORE -> "https://aec2.<region>.sensecoreapi.cn";
                };
        String shown = region.trim().length() > 40 ? region.trim().substring(0, 40) + "…" : region.trim();
        return Optional.of("'" + shown.replaceAll("\\p{Cntrl}", "?") + "' is not a known " + platform.displayName()
                + " region (" + String.join(", ", of(platform)) + ")"
                + suggest(platform, region)
                        .map(s -> "; did you mean '" + s + "'?")
                        .orElse(".")
                + " Another region or a private network: set the endpoint URL instead, e.g. " + example);
    }
}
