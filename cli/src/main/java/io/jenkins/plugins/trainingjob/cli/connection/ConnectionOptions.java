package io.jenkins.plugins.trainingjob.cli.connection;

import io.jenkins.plugins.trainingjob.cli.DurationConverter;
import picocli.CommandLine.Option;

/**
 * Where to connect, as flags. Each flag falls back to a {@code TRAINJOB_*} variable and then to the
 * profile file ({@link ConnectionResolver}). There is deliberately no flag for a key or secret: they
 * would end up in shell history and process listings.
 */
public final class ConnectionOptions {

    @Option(
            names = "--platform",
            paramLabel = "aihc|sensecore",
            completionCandidates = PlatformNames.class,
            description =
                    "Target platform (default: TRAINJOB_PLATFORM, then the profile; for a spec, its " + "'platform').")
    String platform;

    @Option(
            names = "--region",
            paramLabel = "REGION",
            description = "Platform region: AIHC bj, gz, su, bd, fwh, yq or hkg; SenseCore cn-sh-01. Sets the "
                    + "public endpoint; for another region use --endpoint.")
    String region;

    @Option(
            names = "--endpoint",
            paramLabel = "URL",
            description = "Explicit API base URL (a private endpoint, a proxy or the simulator); wins over --region.")
    String endpoint;

    @Option(names = "--resource-pool", paramLabel = "ID", description = "AIHC resource pool id.")
    String resourcePool;

    @Option(
            names = "--queue",
            paramLabel = "NAME",
            description = "AIHC queue; required (the queue ID, sent as "
                    + "queueID) on the managed pools aihc-serverless and aihc-bhcmp.")
    String queue;

    @Option(names = "--subscription", paramLabel = "NAME", description = "SenseCore subscription.")
    String subscription;

    @Option(names = "--resource-group", paramLabel = "NAME", description = "SenseCore resource group.")
    String resourceGroup;

    @Option(
            names = "--zone",
            paramLabel = "ZONE",
            description = "SenseCore workspace zone (default: the region + 'z', e.g. cn-sh-01z).")
    String zone;

    @Option(names = "--workspace", paramLabel = "NAME", description = "SenseCore workspace.")
    String workspace;

    @Option(
            names = "--connect-timeout",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "How long to wait for a connection to the platform (default: 10s; TRAINJOB_CONNECT_TIMEOUT, "
                    + "connectTimeout: in the profile).")
    java.time.Duration connectTimeout;

    @Option(
            names = "--read-timeout",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "How long to wait for an answer once connected (default: 60s; TRAINJOB_READ_TIMEOUT, "
                    + "readTimeout: in the profile).")
    java.time.Duration readTimeout;

    @Option(
            names = "--call-timeout",
            paramLabel = "DURATION",
            converter = DurationConverter.class,
            description = "The most one platform call may take, retries included (default: 2m; TRAINJOB_CALL_TIMEOUT, "
                    + "callTimeout: in the profile).")
    java.time.Duration callTimeout;

    @Option(
            names = "--insecure-http",
            negatable = false,
            description =
                    "Allow a plain http:// endpoint that is not loopback (default: off; TRAINJOB_INSECURE_HTTP=true, "
                            + "insecureHttp: true in the profile). Specs, answers and signatures then cross the network "
                            + "readable; a warning is printed on every run.")
    boolean insecureHttp;

    @Option(
            names = "--sensecore-signature",
            paramLabel = "request|date-only",
            description = "What a SenseCore signature binds (TRAINJOB_SENSECORE_SIGNATURE, senseCoreSignature: in "
                    + "the profile). Unset: request (date, host, method and path), and if the gateway refuses it "
                    + "with 401, date-only from then on, with a warning. request: never date-only. date-only: only "
                    + "for a gateway that refuses request; such a header can be replayed for any call while its "
                    + "date is accepted.")
    String senseCoreSignature;

    @Option(
            names = "--profile",
            paramLabel = "NAME",
            description =
                    "A named profile of ~/.config/trainjob/config.yaml (default: TRAINJOB_PROFILE, else the top level).")
    public String profile;
}
