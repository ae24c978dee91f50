package io.jenkins.plugins.trainingjob.core.platform;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A SenseCore ACP target: the four names every workspace URL is built from. {@code zone} is the
 * workspace zone (the region followed by {@code z}). SenseCore has no queue in its connection: a job's
 * pool is in its spec. Any name may be {@code null} (not set); {@link #problems()} says what is missing.
 */
public record SenseCoreTarget(String subscription, String resourceGroup, String zone, String workspace)
        implements PlatformTarget {

    /**
     * SenseCore ACP regions and their hosts. No official SDK exists; the only region the public ACP origin
     * is documented and used live for is cn-sh-01 ({@code aec2.cn-sh-01.sensecoreapi.cn}: the
     * SLAI-sensecore-tool ACP-LIVE-VALIDATION notes as cited in our sensecore-api.md §1.1, and the AFS
     * default URL {@code afs.cn-sh-01.sensecoreapi.cn} in a public client). Users write sh or shanghai.
     */
    static final KnownRegions REGIONS = new KnownRegions(
            PlatformKind.SENSECORE,
            List.of("cn-sh-01"),
            "aec2.%s.sensecoreapi.cn",
            Map.of("sh", "cn-sh-01", "shanghai", "cn-sh-01"));

    @Override
    public PlatformKind platform() {
        return PlatformKind.SENSECORE;
    }

    /** None: a SenseCore job's pool is in its spec. */
    @Override
    public String defaultQueue() {
        return null;
    }

    @Override
    public String scope() {
        return workspace;
    }

    @Override
    public List<ConnectionProblem> problems() {
        List<ConnectionProblem> problems = new ArrayList<>();
        setting("subscription", subscription).ifPresent(problems::add);
        setting("resourceGroup", resourceGroup).ifPresent(problems::add);
        setting("zone", zone).ifPresent(problems::add);
        setting("workspace", workspace).ifPresent(problems::add);
        return problems;
    }

    @Override
    public URI regionEndpoint(String region) {
        return REGIONS.endpoint(region);
    }

    /** The rule of one SenseCore setting on its own: all four names are required. */
    static Optional<ConnectionProblem> setting(String field, String value) {
        if (!PlatformTarget.isBlank(value)) {
            return Optional.empty();
        }
        String required = "required for " + PlatformKind.SENSECORE.displayName();
        String rule =
                switch (field) {
                    case "subscription", "resourceGroup", "workspace" -> required;
                    case "zone" -> required + " (the workspace zone: the region followed by z, e.g. cn-sh-01z)";
                    default -> null;
                };
        return rule == null ? Optional.empty() : Optional.of(new ConnectionProblem(field, rule));
    }
}
