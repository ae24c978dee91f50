package io.jenkins.plugins.trainingjob.core.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.flow.PreflightMode;
import io.jenkins.plugins.trainingjob.core.platform.ClientToken;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionProblem;
import io.jenkins.plugins.trainingjob.core.platform.Credentials;
import io.jenkins.plugins.trainingjob.core.platform.InvalidConnectionException;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import io.jenkins.plugins.trainingjob.core.report.ReportJson;
import io.jenkins.plugins.trainingjob.core.spec.DurationInput;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.InvalidSpecException;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.spec.SpecProblem;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Bad input from every entry point of core is one type, naming the field and the rule. */
class InvalidInputTest {

    @Test
    void ofNamesTheFieldThenTheRule() {
        InvalidInputException e = InvalidInputException.of("clientToken", "must not be empty");
        assertThat(e).hasMessage("clientToken: must not be empty").isNotInstanceOf(IllegalArgumentException.class);
        assertThat(e.field()).isEqualTo("clientToken");
        assertThat(e.reason()).isEqualTo("must not be empty");
    }

    @Test
    void wordedKeepsTheMessageAndFindsTheReasonAfterTheField() {
        InvalidInputException prefixed =
                InvalidInputException.worded("spec", "spec: set exactly one of spec and specText");
        assertThat(prefixed).hasMessage("spec: set exactly one of spec and specText");
        assertThat(prefixed.reason()).isEqualTo("set exactly one of spec and specText");
        InvalidInputException own =
                InvalidInputException.worded("credentialsId", "connection a: credentialsId is required");
        assertThat(own).hasMessage("connection a: credentialsId is required");
        assertThat(own.field()).isEqualTo("credentialsId");
        assertThat(own.reason()).isEqualTo("connection a: credentialsId is required");
    }

    @Test
    void specAndConnectionProblemsAreInvalidInputToo() {
        InvalidSpecException spec = new InvalidSpecException("job.yaml", List.of(new SpecProblem("name", "required")));
        assertThat(spec).isInstanceOf(InvalidInputException.class);
        assertThat(spec.field()).isEqualTo("job.yaml");
        assertThat(spec.reason()).startsWith("invalid job spec (1 problem)");
        InvalidConnectionException connection =
                new InvalidConnectionException(List.of(new ConnectionProblem("region", "required")));
        assertThat(connection).isInstanceOf(InvalidInputException.class);
        assertThat(connection.field()).isEqualTo("connection");
        assertThat(connection.reason()).isEqualTo(connection.getMessage());
    }

    @Test
    void theParsersOfCoreRefuseWithIt() {
        assertThatThrownBy(() -> PlatformKind.fromId("k8s"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("unknown platform 'k8s': expected aihc or sensecore");
        assertThatThrownBy(() -> ReportFormat.parse("pdf"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("unknown report format 'pdf'");
        assertThatThrownBy(() -> PreflightMode.parse("maybe", "--preflight"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("--preflight: must be true, strict, warn or false, was 'maybe'");
        assertThatThrownBy(() -> DurationInput.parse("--pending-timeout", "10"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("--pending-timeout: '10' has no unit");
        assertThatThrownBy(() -> Credentials.of(" ", "s"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("access key is empty");
        assertThatThrownBy(() -> ReportJson.read("[]"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("a diagnosis report must be a JSON object");
    }

    @Test
    void aClientTokenFollowsOneRuleNamedAsTheCallerNamesIt() {
        assertThat(ClientToken.require("clientToken", "build-42_train.1")).isEqualTo("build-42_train.1");
        assertThat(ClientToken.isValid("a".repeat(63))).isTrue();
        assertThat(ClientToken.isValid("a".repeat(64))).isFalse();
        assertThat(ClientToken.isValid("-a")).isFalse();
        assertThat(ClientToken.isValid(null)).isFalse();
        assertThatThrownBy(() -> ClientToken.require("--client-token", "bad token!"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("--client-token: must be 1-63 letters, digits, '-', '_' or '.', starting and ending "
                        + "with a letter or digit");
    }
}
