package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.sensecore.SenseCoreHmacSigner.Scheme;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A SenseCore gateway that takes only the date-only signature: the CLI's default (request-bound) is refused
 * once, the date-only one is accepted, and stderr says so once, in core's words; an explicit
 * {@code --sensecore-signature request} never falls back.
 */
class SenseCoreSignatureCliTest extends SimulatorBackedCliTest {

    @AfterEach
    void everySchemeAgain() {
        sim.acceptSenseCoreSignatures(EnumSet.allOf(Scheme.class));
    }

    private CliHarness.Result list(String... more) {
        java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("list"));
        args.addAll(SimulatedPlatform.SENSECORE);
        args.addAll(java.util.List.of(more));
        return cli.run(args.toArray(String[]::new));
    }

    @Test
    void theDefaultFallsBackToDateOnlyAndSaysSoOnceOnStderr() {
        sim.acceptSenseCoreSignatures(Set.of(Scheme.X_DATE));
        var result = list();
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.err().lines().filter(l -> l.startsWith("trainjob: warning: the gateway at ")))
                .singleElement()
                .asString()
                .isEqualTo("trainjob: warning: the gateway at 127.0.0.1:" + sim.port() + " refused the request-bound"
                        + " signature and accepted the date-only one; set `signature: date-only` (trainjob:"
                        + " --sensecore-signature date-only) to skip the first try; date-only headers can be replayed"
                        + " while their date is accepted");
    }

    @Test
    void anExplicitRequestSignatureIsRefusedNotReplacedAndDateOnlySaysNothing() {
        sim.acceptSenseCoreSignatures(Set.of(Scheme.X_DATE));
        var refused = list("--sensecore-signature", "request");
        assertThat(refused.exitCode()).isNotZero();
        assertThat(refused.err()).doesNotContain("trainjob: warning: the gateway at");
        var dateOnly = list("--sensecore-signature", "date-only");
        assertThat(dateOnly.exitCode()).as(dateOnly.err()).isZero();
        assertThat(dateOnly.err()).doesNotContain("trainjob: warning: the gateway at");
    }

    @Test
    void aGatewayThatTakesTheDefaultHearsNoWarning() {
        sim.acceptSenseCoreSignatures(Set.of(Scheme.DATE_HOST_TARGET));
        var result = list();
        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.err()).doesNotContain("trainjob: warning: the gateway at");
    }
}
