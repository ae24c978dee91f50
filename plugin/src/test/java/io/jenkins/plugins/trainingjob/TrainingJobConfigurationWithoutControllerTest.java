package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * A global configuration cannot be made outside a controller: its constructor loads the saved form from
 * {@code JENKINS_HOME} through {@code Jenkins.get()}. Runs in both builds, so it shows that jenkins-stubs
 * fail here exactly as Jenkins does (review N1/N2): a unit test that constructs one must move to
 * JenkinsRule or use a seam, as {@link TrainingJobConfigurationSaveTest} does.
 */
class TrainingJobConfigurationWithoutControllerTest {

    @Test
    void constructingTheConfigurationWithoutAControllerFailsAsJenkinsDoes() {
        assertThatThrownBy(TrainingJobConfiguration::new)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("Jenkins.instance is missing");
    }

    @Test
    void theSingletonIsNotThereWithoutAController() {
        assertThatThrownBy(TrainingJobConfiguration::get)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(TrainingJobConfiguration.class.getName());
    }
}
