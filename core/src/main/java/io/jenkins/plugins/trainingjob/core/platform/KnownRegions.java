package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The regions one platform's public API is known to serve, so that a region turns into a host that exists
 * and a mistyped or long-form one ({@code cn-beijing}) is refused with the code that was meant. A region
 * not listed is still reachable through an explicit endpoint URL. Each platform's target holds its own
 * list, names and host ({@code AihcTarget.REGIONS}, {@code SenseCoreTarget.REGIONS}); {@link #of} only
 * finds them for callers that know the platform but not its target.
 */
final class KnownRegions {

    private final PlatformKind platform;
    private final List<String> codes;
    private final String hostTemplate;
    private final Map<String, String> names;

    /**
     * @param codes the region codes, sorted (the refusal lists them in this order)
     * @param hostTemplate the public API host with {@code %s} where the region goes
     * @param names what users write for a code, as bare lower-case letters ({@code beijing} → {@code bj})
     */
    KnownRegions(PlatformKind platform, List<String> codes, String hostTemplate, Map<String, String> names) {
        this.platform = Objects.requireNonNull(platform, "platform");
        this.codes = List.copyOf(codes);
        this.hostTemplate = Objects.requireNonNull(hostTemplate, "hostTemplate");
        this.names = Map.copyOf(names);
    }

    /** The regions of {@code platform}, from its target. */
    static KnownRegions of(PlatformKind platform) {
        return switch (platform) {
            case AIHC -> AihcTarget.REGIONS;
            case SENSECORE -> SenseCoreTarget.REGIONS;
        };
    }

    /** The known region codes, sorted. */
    List<String> codes() {
        return codes;
    }

    /** The public API endpoint of {@code region} (trimmed), known or not. */
    URI endpoint(String region) {
        return URI.create("https://" + hostTemplate.formatted(region.trim()));
    }

    /** True when {@code host} is the public API host of one of the known regions. */
    boolean isPublicHost(String host) {
        return codes.stream().anyMatch(code -> hostTemplate.formatted(code).equals(host));
    }

    /** True when {@code region} (trimmed, any case) is one of the known regions. */
    boolean isKnown(String region) {
        return region != null && codes.contains(region.trim().toLowerCase(Locale.ROOT));
    }

    /** The known region a user most likely meant, if any ({@code cn-beijing} → {@code bj}). */
    Optional<String> suggest(String region) {
        if (region == null) {
            return Optional.empty();
        }
        String r = region.trim().toLowerCase(Locale.ROOT);
        // cn-beijing, cn_beijing, beijing-1, cn-sh-1 ...: letters only, without a leading "cn"
        String letters = r.replaceAll("[^a-z]", "");
        String bare = letters.startsWith("cn") && letters.length() > 2 ? letters.substring(2) : letters;
        return Optional.ofNullable(codes.contains(bare) ? bare : names.get(bare));
    }

    /**
     * The rule a region breaks, or empty when it is known. Says which regions are known, the one meant when
     * it can tell, and that any other region is reached with an explicit endpoint URL.
     */
    Optional<String> problem(String region) {
        if (region == null || region.isBlank() || isKnown(region)) {
            return Optional.empty();
        }
        String example = "https://" + hostTemplate.formatted("<region>");
        String shown = region.trim().length() > 40 ? region.trim().substring(0, 40) + "…" : region.trim();
        return Optional.of("'" + shown.replaceAll("\\p{Cntrl}", "?") + "' is not a known " + platform.displayName()
                + " region (" + String.join(", ", codes) + ")"
                + suggest(region).map(s -> "; did you mean '" + s + "'?").orElse(".")
                + " Another region or a private network: set the endpoint URL instead, e.g. " + example);
    }
}
