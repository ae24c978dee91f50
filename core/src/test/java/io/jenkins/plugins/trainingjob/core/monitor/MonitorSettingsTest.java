package io.jenkins.plugins.trainingjob.core.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class MonitorSettingsTest {

    @Test
    void defaultsUseAFewCallThreadsAndListFromThreeWatches() {
        MonitorSettings d = MonitorSettings.defaults();
        assertThat(d.callThreads()).isEqualTo(4);
        assertThat(d.listThreshold()).isEqualTo(3);
        assertThat(d.analyzer()).isNotNull();
    }

    @Test
    void badValuesAreRefusedNamingTheField() {
        MonitorSettings d = MonitorSettings.defaults();
        assertThatThrownBy(() -> d.withCallThreads(0)).hasMessage("callThreads must be between 1 and 64, was 0");
        assertThatThrownBy(() -> d.withJitter(0.9)).hasMessage("jitter must be between 0 and 0.5, was 0.9");
        assertThatThrownBy(() -> d.withRetries(Duration.ofMinutes(1), Duration.ofSeconds(10), Duration.ofSeconds(1)))
                .hasMessage("retryMax (PT1S) is shorter than retryInitial (PT10S)");
        assertThatThrownBy(() -> d.withStopConfirmation(Duration.ZERO, Duration.ofSeconds(1)))
                .hasMessage("stopConfirmTimeout must be positive, was PT0S");
    }
}
